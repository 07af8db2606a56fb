import { afterAll, beforeAll } from 'vitest';
import { startApp, stopApp } from './app.js';

beforeAll(startApp, 120_000);
afterAll(stopApp);
