// Time and peak memory of the emulator serving the 500,000-variant catalog in full (issue 3).
export { benchEmulatorServe as default } from './emulator-serve.ts';
