/**
 * Day One entries' titles, bodies, places and weather (issue 25 item 6): a title is plain text,
 * no word or formatting of the text is lost, and the place and weather are kept.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { Placeholders } from "../import-plan.ts";
import { DEFAULT_IMPORT_LIMITS, ImportSource } from "../import-source.ts";
import { MAX_TITLE } from "../import-values.ts";
import { placeAndWeather, readDayOne, titleAndBody } from "./dayone.ts";

const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A Day One export of `entries` in one journal, opened as an import's upload is. */
async function dayOneSource(entries: Record<string, unknown>[]): Promise<ImportSource> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-dayone-"));
  folders.push(folder);
  const upload = path.join(folder, "upload");
  const journal = { metadata: { version: "1.0" }, entries };
  fs.writeFileSync(upload, zipSync({ "Journal.json": strToU8(JSON.stringify(journal)) }));
  return ImportSource.open(upload, folder, DEFAULT_IMPORT_LIMITS, false);
}

describe("titleAndBody", () => {
  it("titles an entry without a heading with its first line as plain text, and keeps the text", () => {
    const text = "Walked to the **market** and bought [bread](https://bakery.example)\\.";
    expect(titleAndBody(text)).toEqual({
      title: "Walked to the market and bought bread.",
      body: text,
    });
  });

  it("keeps a first line with Markdown in the body, even with more text after it", () => {
    const text = "A *slow* morning\n\nCoffee, then the garden.";
    expect(titleAndBody(text)).toEqual({ title: "A slow morning", body: text });
  });

  it("takes a heading out of the body, as plain text", () => {
    expect(titleAndBody("# Quiet **day**\nNothing happened.")).toEqual({
      title: "Quiet day",
      body: "Nothing happened.",
    });
  });

  it("takes a plain first line out when more text follows (Day One's title)", () => {
    expect(titleAndBody("Trip to the sea\n\nWe walked along the shore.")).toEqual({
      title: "Trip to the sea",
      body: "We walked along the shore.",
    });
    expect(titleAndBody("![](dayone-moment://P1)\n\nLost photo\n\nSee it?")).toEqual({
      title: "Lost photo",
      body: "![](dayone-moment://P1)\n\nSee it?",
    });
  });

  it("never leaves the body empty", () => {
    expect(titleAndBody("Just one line")).toEqual({
      title: "Just one line",
      body: "Just one line",
    });
    expect(titleAndBody("# Only a heading")).toEqual({
      title: "Only a heading",
      body: "# Only a heading",
    });
    expect(titleAndBody("![](dayone-moment://P1)")).toEqual({
      title: "",
      body: "![](dayone-moment://P1)",
    });
  });

  it("shortens a line too long for a title at a word, and keeps it in the body", () => {
    const line = `${"word ".repeat(MAX_TITLE)}end`;
    const { title, body } = titleAndBody(`${line}\n\nMore.`);
    expect(Array.from(title).length).toBeLessThanOrEqual(MAX_TITLE);
    expect(title).toMatch(/^word word .*…$/);
    expect(body).toBe(`${line}\n\nMore.`);
  });
});

describe("placeAndWeather", () => {
  it("writes the place, a map link and the weather as one line of Day One's own words", () => {
    const entry = {
      location: {
        placeName: "Falaise d'Aval",
        localityName: "Étretat",
        administrativeArea: "Normandie",
        country: "France",
        latitude: 49.7063194,
        longitude: 0.1986,
      },
      weather: { conditionsDescription: "Partly Cloudy", temperatureCelsius: 12.6 },
    };
    expect(placeAndWeather(entry)).toBe(
      "*[Falaise d'Aval, Étretat, Normandie, France](https://www.openstreetmap.org/?mlat=49.706319&mlon=0.1986#map=15/49.706319/0.1986) · Partly Cloudy, 13\u00a0°C*",
    );
  });

  it("writes what there is, once, with Markdown characters escaped", () => {
    expect(placeAndWeather({ location: { placeName: "Paris", localityName: "Paris" } })).toBe(
      "*Paris*",
    );
    expect(placeAndWeather({ location: { placeName: "Bar *Le Zinc* [old]" } })).toBe(
      "*Bar \\*Le Zinc\\* \\[old\\]*",
    );
    expect(placeAndWeather({ weather: { temperatureCelsius: -3.2 } })).toBe("*-3\u00a0°C*");
    expect(placeAndWeather({ location: { latitude: 95, longitude: 10 } })).toBe("");
    expect(placeAndWeather({})).toBe("");
  });
});

describe("readDayOne", () => {
  it("plans an entry without a heading, with its place and weather, and leaves nothing out", async () => {
    const source = await dayOneSource([
      {
        uuid: "A1B2C3D4E5F60718293A4B5C6D7E8F90",
        creationDate: "2024-05-01T09:00:00Z",
        text: "Walked to the **market**\\.",
        location: { localityName: "Lyon", country: "France" },
        weather: { conditionsDescription: "Sunny", temperatureCelsius: 21 },
      },
    ]);
    const plan = await readDayOne({ source, placeholders: new Placeholders(), maxItems: 100 });
    expect(plan.skipped).toEqual([]);
    expect(plan.records).toEqual([
      expect.objectContaining({
        kind: "entry",
        title: "Walked to the market.",
        content: "Walked to the **market**\\.\n\n*Lyon, France · Sunny, 21\u00a0°C*",
        visibility: "private",
      }),
    ]);
  });
  it("refuses a journal over the item cap as soon as it is read, before planning its entries", async () => {
    const entries = Array.from({ length: 5 }, (_, n) => ({
      uuid: `A1B2C3D4E5F60718293A4B5C6D7E8F9${String(n)}`,
      creationDate: "2024-05-01T09:00:00Z",
      text: `Day ${String(n)}`,
    }));
    const source = await dayOneSource(entries);
    const error = await readDayOne({ source, placeholders: new Placeholders(), maxItems: 5 }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      status: 400,
      data: { file: { code: "validation_import_too_large" } },
    });
    expect((error as Error).message + JSON.stringify((error as { data: unknown }).data)).toMatch(
      /6 items; one import holds at most 5/,
    );
  });
});
