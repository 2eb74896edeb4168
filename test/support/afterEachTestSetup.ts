// A setup file (vitest.config.ts): runs the helper modules' afterEachTest clean-ups after each test
// of the file, whether or not the file was the first of its worker to import them.
import { afterEach } from 'vitest';
import { runAfterEachTest } from './afterEachTest';

afterEach(runAfterEachTest);
