// Where a player finds the lesson besides the first visit's offer: a button in Help and one in
// the New game dialog, each under the dialog's title (the dialogs' own buttons stay as they are).

import { t } from "../i18n/messages.js";
import { h } from "../screen/dom.js";

function lessonButton(testid, onClick) {
  const button = h(
    "button",
    { type: "button", class: "tg-btn tg-lesson-entry", dataset: { testid } },
    t("lesson.learn"),
  );
  button.addEventListener("click", onClick);
  return button;
}

/** Put the lesson's buttons in the Help and New game dialogs. */
export function addLessonEntries(screen, lesson) {
  const open = (dialog) => () => {
    dialog.close();
    lesson.start();
  };
  const setupTitle = screen.setup.el.querySelector("h2");
  setupTitle?.after(lessonButton("setup-lesson", open(screen.setup.el)));
  const helpTitle = screen.helpDialog.el.querySelector("h2");
  helpTitle?.after(lessonButton("help-lesson", open(screen.helpDialog.el)));
}
