// The keyboard shortcuts of a request form.
export interface FormShortcuts {
  submit(): void;
  newForm(): void;
  park(): void;
  focusLineEntry?(): void;
  focusCatalog?(): void;
  toggleDelivery?(): void;
  togglePrivacy(): void;
  print?(): boolean;
}

/**
 * The keys of a request form, on the whole window while the form is shown: Ctrl+Enter sends, Alt+N starts
 * a new form, Alt+W parks it, Alt+L jumps to the line entry, Alt+K to the catalog search, Alt+O switches
 * pickup and delivery, Alt+P ticks privacy consent, Ctrl+P prints the last slip. Alt+1…5 belong to the
 * navigation; none of these is a browser or Electron key (Alt+D, Alt+E, Alt+F and Alt+Home are avoided).
 * Physical key codes, so a keyboard layout that puts a symbol on Alt+letter does not break them.
 */
export function shortcutHandler(shortcuts: FormShortcuts): (event: KeyboardEvent) => void {
  return (event) => {
    const command = event.ctrlKey || event.metaKey;
    if (command && event.key === 'Enter') shortcuts.submit();
    else if (event.altKey && !command && event.code === 'KeyN') shortcuts.newForm();
    else if (event.altKey && !command && event.code === 'KeyL' && shortcuts.focusLineEntry)
      shortcuts.focusLineEntry();
    else if (event.altKey && !command && event.code === 'KeyK' && shortcuts.focusCatalog)
      shortcuts.focusCatalog();
    else if (event.altKey && !command && event.code === 'KeyO' && shortcuts.toggleDelivery)
      shortcuts.toggleDelivery();
    else if (event.altKey && !command && event.code === 'KeyW') shortcuts.park();
    else if (event.altKey && !command && event.code === 'KeyP') shortcuts.togglePrivacy();
    else if (command && !event.altKey && event.code === 'KeyP' && shortcuts.print) {
      if (!shortcuts.print()) return;
    } else return;
    event.preventDefault();
  };
}
