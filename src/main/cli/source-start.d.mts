// Types of source-start.mjs, for the TypeScript that starts Node processes of its own (the bench).
export declare const SOURCE_COMPILE_CACHE_DIR: string;
export declare function prepareSourceStart(): void;
