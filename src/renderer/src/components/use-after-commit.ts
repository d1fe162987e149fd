// Moving the cursor to what a key or an answer has just brought on screen: a new form's first field, the
// problem a refused send is about, a line that moved. The move runs as React commits those changes, in the
// same task. Put off to the next animation frame, it came on a busy machine after keys typed since, and
// took the cursor from the field they had gone to: a scan typed into the catalog search straight after
// Alt+N lost its list.
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * `afterCommit(move)`: `move` runs once the state changes made with it are in the DOM, before the browser
 * takes the next key. Asked twice before a commit, the later move wins.
 */
export function useAfterCommit(): (move: () => void) => void {
  const pending = useRef<(() => void) | undefined>(undefined);
  const [asked, setAsked] = useState(0);
  useLayoutEffect(() => {
    const move = pending.current;
    pending.current = undefined;
    move?.();
  }, [asked]);
  return useCallback((move: () => void) => {
    pending.current = move;
    setAsked((count) => count + 1);
  }, []);
}
