// Electron's entry point. Everything is wired in main/shell/app.ts.
import { startApp } from './shell/app';

startApp();
