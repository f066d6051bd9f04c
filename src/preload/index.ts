/**
 * The preload of the marketplace window (sandboxed: it may require only 'electron').
 * It exposes exactly one object, `window.desktop`, built from the shared IPC contract.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { buildDesktopBridge } from './bridge'

contextBridge.exposeInMainWorld('desktop', buildDesktopBridge(ipcRenderer))
