// `node --import` for the bench's child processes that run the core from its sources: the source start of
// the CLI's entry (src/main/cli/source-start.mjs), so a child loads what the CLI and the app load.
import { prepareSourceStart } from '../src/main/cli/source-start.mjs';

prepareSourceStart();
