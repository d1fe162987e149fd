/** Online state and the number of queued items, in the frame's header (issue 4). */
export function HeaderStatus() {
  return null;
}
