import type { StintBridge } from '../common/contract';

declare global {
  interface Window {
    /** Set by the preload in Electron; absent in a browser served by the web host. */
    stint?: StintBridge;
  }
}
