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

// The listeners h() added, by element: patch() hands them from a new element to the one it keeps.
const listeners = new WeakMap();

function setAttr(el, name, value) {
  if (SETTERS[name]) SETTERS[name](el, value);
  else if (name.startsWith("on") && typeof value === "function") listen(el, name.slice(2), value);
  else el.setAttribute(name, value === true ? "" : String(value));
}

function listen(el, type, fn) {
  el.addEventListener(type, fn);
  if (!listeners.has(el)) listeners.set(el, []);
  listeners.get(el).push([type, fn]);
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

/**
 * Make `el`'s children those of `children` (as fill() would), keeping each element that stands at
 * the same place with the same tag, id and data-testid: its attributes, text and h() listeners
 * become the new one's. A control updated so keeps its focus and is never detached under a
 * pointer (a tap on a step bar redrawn after each computer move). Canvases are replaced.
 */
export function patch(el, ...children) {
  const fresh = [];
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    fresh.push(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  fresh.forEach((node, i) => {
    const old = el.childNodes[i];
    if (!old) el.append(node);
    else if (samePlace(old, node)) update(old, node);
    else old.replaceWith(node);
  });
  while (el.childNodes.length > fresh.length) el.lastChild.remove();
  return el;
}

function samePlace(old, node) {
  if (old.nodeType !== node.nodeType) return false;
  if (old.nodeType === Node.TEXT_NODE) return true;
  if (old.nodeType !== Node.ELEMENT_NODE || old.tagName === "CANVAS") return false;
  return old.tagName === node.tagName && old.id === node.id && old.dataset.testid === node.dataset.testid;
}

function update(old, node) {
  if (old.nodeType === Node.TEXT_NODE) {
    if (old.data !== node.data) old.data = node.data;
    return;
  }
  copyAttributes(old, node);
  for (const [type, fn] of listeners.get(old) ?? []) old.removeEventListener(type, fn);
  listeners.delete(old);
  for (const [type, fn] of listeners.get(node) ?? []) listen(old, type, fn);
  const value = old.tagName === "SELECT" ? node.value : null; // read before its options move
  patch(old, [...node.childNodes]);
  if (value !== null) old.value = value;
}

function copyAttributes(old, node) {
  for (const { name } of [...old.attributes]) if (!node.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of [...node.attributes])
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
}

/** A line of news read out when it changes (role status, polite): `<p class=… data-testid=…>`. */
export function statusLine(className, testid) {
  return h("p", { class: className, role: "status", "aria-live": "polite", dataset: { testid } });
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

/** Hand `blob` to the person as a download named `name`. */
export function saveBlob(blob, name) {
  const a = h("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** Save `text` as a file named `<stem>-<today>.txt` (a download the person keeps). */
export function downloadText(text, stem) {
  const blob = new Blob([text], { type: "text/plain;charset=utf-8" });
  saveBlob(blob, `${stem}-${new Date().toISOString().slice(0, 10)}.txt`);
}
