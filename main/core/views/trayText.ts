// Text for the tray, where nothing wraps: a menu item as wide as a 300-character project name runs
// off the screen, and Windows cuts a tooltip at 127 characters wherever it falls. Names are cut
// to a sane length with an ellipsis; the window shows them whole.

/** The longest project name a menu item, the tooltip or the macOS title shows whole. */
export const TRAY_NAME_MAX = 40;
/** The longest menu item: a cut name with the words around it. */
export const TRAY_ITEM_MAX = 60;
/** Windows shows at most 127 characters of a tray tooltip (NOTIFYICONDATA's szTip). */
export const TRAY_TOOLTIP_MAX = 127;

// Cut as the window cuts text in its sentences (one rule for both).
export { ellipsize } from '../../../common/cutText';
