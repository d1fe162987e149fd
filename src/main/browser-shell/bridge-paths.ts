// Shared by the browser shell's server and its page script (no Node, no DOM).
export const BRIDGE_CALL_PATH = '/__voa/call';
export const BRIDGE_EVENTS_PATH = '/__voa/events';
export const BRIDGE_SCRIPT_PATH = '/__voa/voa-bridge.js';
export const BRIDGE_TOKEN_HEADER = 'x-voa-desk-token';
