// A tiny element builder (no innerHTML with attributes, so it is CSP-friendly).

/**
 * h("button", {class: "x", onclick: fn, dataset: {k: "v"}, aria: {label: "..."}}, "text", child)
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") el.className = value;
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (name === "aria") for (const [k, v] of Object.entries(value)) el.setAttribute(`aria-${k}`, String(v));
    else if (name === "style") for (const [k, v] of Object.entries(value)) el.style.setProperty(k, v);
    else if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
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
