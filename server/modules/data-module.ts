/** Export and import of an account's data (ADR 044, 054) as a module. */
import { DataExportService } from "../core/data-export/export-service.ts";
import { ImportRuns } from "../core/data-import/import-runs.ts";
import { DataImportService } from "../core/data-import/import-service.ts";
import type { FileService } from "../core/files/file-service.ts";
import { registerDataExportRoutes } from "../http/data/data-export.ts";
import { registerDataImportRoutes } from "../http/data/data-import.ts";
import type { Kernel } from "../kernel/module.ts";
import { dataFolderId } from "../tools/filesystem/instance-id.ts";

/** Registers `GET /api/export`, `POST /api/import` and `GET /api/imports/{id}`; answers the importer (tests lower its limits). */
export function dataModule(kernel: Kernel, files: FileService): DataImportService {
  const dataExport = new DataExportService(kernel.records);
  const dataImport = new DataImportService(kernel.records, kernel.config.dataDir);
  // Imports run as jobs of this data folder, where their uploads are (issue 23 finding 2).
  const runs = new ImportRuns(
    kernel.jobs,
    dataImport,
    kernel.records,
    dataFolderId(kernel.config.dataDir),
  );
  kernel.routes.push((app) => {
    registerDataExportRoutes(app, dataExport, files);
    registerDataImportRoutes(app, dataImport, runs);
  });
  return dataImport;
}
