// A tiny element builder (no innerHTML with attributes, so it is CSP-friendly).

/**
 * h("button", {class: "x", onclick: fn, dataset: {k: "v"}, aria: {label: "..."}}, "text", child)
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null && value !== false) setAttr(el, name, value);
  }
  append(el, children);
  return el;
}

const SETTERS = {
  class: (el, value) => (el.className = value),
  dataset: (el, value) => Object.assign(el.dataset, value),
  aria: (el, value) => Object.entries(value).forEach(([k, v]) => el.setAttribute(`aria-${k}`, String(v))),
  style: (el, value) => Object.entries(value).forEach(([k, v]) => el.style.setProperty(k, v)),
};

function setAttr(el, name, value) {
  if (SETTERS[name]) SETTERS[name](el, value);
  else if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
  else el.setAttribute(name, value === true ? "" : String(value));
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A canvas sized for the device pixel ratio, drawn once by draw(ctx, w, hgt) in CSS pixels. */
export function smallCanvas(w, hgt, draw, attrs = {}) {
  const dpr = window.devicePixelRatio || 1;
  const c = h("canvas", attrs);
  c.width = Math.round(w * dpr);
  c.height = Math.round(hgt * dpr);
  c.style.setProperty("width", `${w}px`);
  c.style.setProperty("height", `${hgt}px`);
  const ctx = c.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  draw(ctx, w, hgt);
  return c;
}

/** Save `text` as a file named `<stem>-<today>.txt` (a download the person keeps). */
export function downloadText(text, stem) {
  const blob = new Blob([text], { type: "text/plain;charset=utf-8" });
  const a = h("a", {
    href: URL.createObjectURL(blob),
    download: `${stem}-${new Date().toISOString().slice(0, 10)}.txt`,
  });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
