/**
 * Paths of runtime assets in resources/ (tray and window icons). In development the app path is
 * the project root; packaged, resources/ is asar-unpacked (electron-builder asarUnpack), so the
 * path points into app.asar.unpacked where native APIs can read the file.
 */
import { join } from 'node:path'
import { app } from 'electron'

export function resourcePath(file: string): string {
  return join(app.getAppPath(), 'resources', file).replace(/app\.asar([\\/])/, 'app.asar.unpacked$1')
}
