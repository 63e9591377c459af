import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Both src/ (tests, tsx) and dist/ (built) sit one level below apps/server.
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const ASSETS_DIR = path.join(serverRoot, 'assets');
export const WEB_DIST_DIR = path.resolve(serverRoot, '../web/dist');
export const DEMO_CONTENT_DIR = path.resolve(serverRoot, '../../content/demo');
