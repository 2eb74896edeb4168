// An inline edit form opened from an Edit button: whether it is open, and where the focus goes when
// it closes. Cancelled, the user goes on from the Edit button the form was opened from; saved, the
// same where the row stays (an entry), nowhere where the saved item leaves its list (a failed
// operation sent again).

import { useEffect, useRef, useState } from 'preact/hooks';

export function useInlineEdit({ rowStaysWhenSaved }: { rowStaysWhenSaved: boolean }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  const open = () => setEditing(true);
  /** stays: whether the row is still there once saved (an entry moved to another day leaves it). */
  const close = (saved: boolean, stays = rowStaysWhenSaved) => {
    refocus.current = !saved || stays;
    setEditing(false);
  };
  return { editing, editButton, open, close };
}
