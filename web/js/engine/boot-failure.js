// Why the engine worker's boot failed, in terms the page can put in the person's language: a kind,
// an English message for the console and the details, and the file to blame if there is one.

import { BOOT } from "../boot-config.js";
import { sitePath, siteUrl } from "./site-url.js";

// `message` is English, for the console and the details; `file` (a site path), when a file is
// to blame, lets the page say which in its own language.
export class BootFailure extends Error {
  constructor(kind, message, detail = "", file = null, status = null) {
    super(message);
    this.kind = kind;
    this.detail = detail;
    this.file = file;
    this.status = status;
  }
}

const wasmRefused = (detail) =>
  new BootFailure(
    "wasm-refused",
    "The browser refused to run the engine's WebAssembly: this page's Content-Security-Policy " +
      "(set by the page or by the server) must allow 'wasm-unsafe-eval'.",
    detail,
  );

// Pyodide waits forever when WebAssembly may not be compiled, so ask first: compiling the empty
// module (8 bytes) takes microseconds, and fails at once if the browser or a
// Content-Security-Policy without 'wasm-unsafe-eval' forbids WebAssembly.
export function checkWebAssembly() {
  if (typeof WebAssembly !== "object") {
    throw new BootFailure(
      "wasm-unavailable",
      "This browser has WebAssembly turned off or does not support it, and the engine needs it.",
    );
  }
  try {
    new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));
  } catch (error) {
    throw wasmRefused(String(error));
  }
}

/** The "boot-error" message's fields for `error`, whatever threw it. */
export async function describeFailure(error) {
  const failure = error instanceof BootFailure || error?.kind ? error : await diagnose(error);
  return {
    kind: failure.kind,
    message: failure.message,
    file: failure.file ?? (failure.url ? sitePath(failure.url) : null),
    status: failure.status ?? null,
    detail: failure.detail || String(error?.stack ?? error),
  };
}

// Errors that did not come from a watched download (a module that would not import, WebAssembly
// refused, a crash in Python) rarely say what went wrong. Only after a failure, so it costs
// nothing when boot works, look closer.
async function diagnose(error) {
  const text = String(error?.message ?? error);
  if (/Content.Security.Policy|wasm-unsafe-eval|unsafe-eval/i.test(text)) return wasmRefused(text);
  for (const path of BOOT.bootFiles) {
    let response;
    try {
      response = await fetch(siteUrl(path), { cache: "no-store" });
      response.body?.cancel();
    } catch (fetchError) {
      return new BootFailure(
        "network",
        `Could not download ${path}: the network or the server is unreachable.`,
        `${fetchError}\n${text}`,
        path,
      );
    }
    if (!response.ok) {
      return new BootFailure(
        "missing-file",
        `A file the engine needs is missing on the server: ${path} (HTTP ${response.status}).`,
        text,
        path,
        response.status,
      );
    }
  }
  return new BootFailure("engine-failed", `The engine failed while starting: ${text}`, text);
}
