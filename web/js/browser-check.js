// Runs before the page's modules: a browser too old for Taluva gets a clear message in its
// language instead of a page that never starts. A classic script in ES5 (eslint parses it as
// such) so that the oldest browsers run it; it is deferred, so it costs the page no wait, and it
// runs before js/boot.js, which skips the engine when <html data-browser="old"> (it could not
// start). What is checked is what the page and Pyodide use, each tried without eval (the CSP
// forbids it): JavaScript modules, module workers, WebAssembly with 64-bit integers, <dialog>,
// and ES2022's built-ins (Object.hasOwn; the page's classes have private fields and methods).
(function () {
  "use strict";

  function moduleWorkers() {
    var asked = false;
    try {
      // Reading the options comes before the URL is parsed: the bad URL then throws, so no
      // worker is made. A browser without module workers never reads `type`.
      var options = {
        get type() {
          asked = true;
          return "module";
        },
      };
      new Worker("http://[", options);
    } catch (_error) {
      // expected: the URL is not one
    }
    return asked;
  }

  function missing() {
    var lacks = [];
    if (!("noModule" in document.createElement("script"))) lacks.push("JavaScript modules");
    if (typeof Worker !== "function" || !moduleWorkers()) lacks.push("module workers");
    if (typeof WebAssembly !== "object" || typeof BigInt64Array !== "function") lacks.push("WebAssembly");
    if (typeof HTMLDialogElement !== "function" || !("showModal" in HTMLDialogElement.prototype)) {
      lacks.push("<dialog>");
    }
    if (typeof Object.hasOwn !== "function") lacks.push("ES2022");
    return lacks;
  }

  var LANGUAGES = ["en", "de", "fr", "pl", "ru", "zh-Hant"];

  // As i18n/choose.js (a module this browser may not run): the link's lang=, else the browser's.
  function language() {
    var link = /[#&]lang=([A-Za-z-]+)/.exec(location.hash);
    var wanted = (link ? [link[1]] : []).concat(navigator.languages || [navigator.language || ""]);
    for (var i = 0; i < wanted.length; i++) {
      var base = String(wanted[i]).toLowerCase().split("-")[0];
      for (var j = 0; j < LANGUAGES.length; j++) {
        if (LANGUAGES[j].toLowerCase().split("-")[0] === base) return LANGUAGES[j];
      }
    }
    return "en";
  }

  // The message's words from the language's catalogue (the HTML holds the English).
  function translate(box, tag) {
    if (tag === "en" || typeof XMLHttpRequest !== "function") return;
    var request = new XMLHttpRequest();
    request.open("GET", "i18n/" + tag + ".json");
    request.onload = function () {
      var messages;
      try {
        messages = JSON.parse(request.responseText).messages;
      } catch (_error) {
        return; // English stays
      }
      var parts = box.querySelectorAll("[data-i18n]");
      for (var i = 0; i < parts.length; i++) {
        var text = messages[parts[i].getAttribute("data-i18n")];
        if (typeof text === "string") parts[i].textContent = text;
      }
      document.documentElement.lang = tag;
    };
    request.send();
  }

  var lacks = missing();
  if (!lacks.length) return;
  document.documentElement.setAttribute("data-browser", "old");
  function show() {
    var box = document.getElementById("boot-old");
    if (!box) return;
    document.body.setAttribute("data-engine", "unsupported"); // ends the CSS "too long" notice
    var hide = ["boot-progress", "boot-status", "boot-words", "boot-details"];
    for (var i = 0; i < hide.length; i++) {
      var element = document.getElementById(hide[i]);
      if (element) element.hidden = true;
    }
    document.getElementById("boot-old-missing").textContent = lacks.join(", ");
    box.hidden = false;
    translate(box, language());
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
})();
