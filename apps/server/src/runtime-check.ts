// Imported first by every entry point (the server, the operator commands): their other imports
// run only once the runtime is one CaseBridge supports (runtime.ts).
import { exitOnUnsupportedRuntime } from './runtime.ts';

exitOnUnsupportedRuntime();
