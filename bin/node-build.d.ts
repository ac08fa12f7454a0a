/** Types of `node-build.js` (plain JavaScript: `bin/cahier.js` reads it before any TypeScript). */
export declare const NODE_BUILD_DIR: string;
export declare const NODE_BUILD_STAMP: string;
export declare const NODE_SOURCES: readonly string[];
export declare function nodeBuildStale(root: string): string | null;
export declare function newestMtime(target: string, skip: RegExp): number;
