// Where a player finds the lesson besides the first visit's offer: at the top of Help, and in the
// New game dialog's row of actions (always in view there; its body is full of seat choices).

import { t } from "../i18n/messages.js";
import { h } from "../base/dom.js";

function lessonButton(testid, label, onClick) {
  const button = h("button", { type: "button", class: "tg-btn tg-lesson-entry", dataset: { testid } }, label);
  button.addEventListener("click", onClick);
  return button;
}

/** Put the lesson's buttons in the Help and New game dialogs (once each is built). */
export function addLessonEntries(screen, lesson) {
  const open = (dialog) => () => {
    dialog.close();
    lesson.start();
  };
  screen.dialogs.when("setup", ({ el: setup }) =>
    setup
      .querySelector(".tg-dialog-buttons")
      ?.prepend(lessonButton("setup-lesson", t("lesson.learn-short"), open(setup))),
  );
  screen.dialogs.when("help", ({ el: help }) => {
    const learn = lessonButton("help-lesson", t("lesson.learn"), open(help));
    // At the top of the body: framed already (dialogs/frame.js), else right under the title.
    const body = help.querySelector(".tg-dialog-body");
    if (body) body.prepend(learn);
    else help.querySelector("h2")?.after(learn);
  });
}
