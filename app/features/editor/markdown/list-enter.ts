/**
 * Enter in the Markdown editor (issue 25 item 13). `@codemirror/lang-markdown`'s
 * `insertNewlineContinueMarkup` continues lists and quotes, and Enter on an empty item removes
 * its marker; but it leaves the caret on the line right under the list, where a paragraph is a
 * lazy continuation of the last item (CommonMark): "- b" then "Next" renders as one item, "b
 * Next". So when Enter on an empty item ends the list, a blank line goes between the list and
 * the caret. `nonTightLists: false` makes the second Enter end the list every time (by default,
 * on the empty second item of a tight list it inserts a blank line above that item instead, and
 * only the third Enter ends it).
 */
import { EditorSelection, type StateCommand, type Transaction } from "@codemirror/state";
import { insertNewlineContinueMarkupCommand } from "@codemirror/lang-markdown";

const continueMarkup = insertNewlineContinueMarkupCommand({ nonTightLists: false });

/** A line with no text: blank, or only quote marks (`> `). */
const EMPTY_LINE = /^[\s>]*$/;

/**
 * Enter in Markdown: continues a list or a quote, and ends a list (its empty item's marker
 * removed) with a blank line above the caret; false outside lists and quotes (plain Enter runs).
 *
 * @example "- a\n- |" + Enter → "- a\n\n|"
 */
export const insertNewlineEndingLists: StateCommand = ({ state, dispatch }) =>
  continueMarkup({
    state,
    dispatch: (tr) => {
      dispatch(withBlankLineAfterList(tr));
    },
  });

/**
 * The transaction, plus a blank line before the caret when it removed an empty item's marker
 * and left the caret on an empty line right under a line of text (the list's last line). A
 * transaction that adds a line (a new item, a quote's line) is returned as it is.
 */
function withBlankLineAfterList(tr: Transaction): Transaction {
  const { startState, state } = tr;
  if (state.doc.lines !== startState.doc.lines || state.selection.ranges.length !== 1) return tr;
  const head = state.selection.main.head;
  const line = state.doc.lineAt(head);
  if (!EMPTY_LINE.test(line.text) || line.number === 1) return tr;
  if (EMPTY_LINE.test(state.doc.line(line.number - 1).text)) return tr;
  // The same quote marks on the blank line as on the caret's (an empty quote line, `>`).
  const blank = line.text.slice(0, head - line.from).trimEnd() + state.lineBreak;
  return startState.update(
    { changes: tr.changes },
    {
      changes: { from: line.from, insert: blank },
      selection: EditorSelection.cursor(head + blank.length),
      sequential: true,
      scrollIntoView: true,
      userEvent: "input",
    },
  );
}
