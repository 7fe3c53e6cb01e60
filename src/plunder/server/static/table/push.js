/* Web Push notices: a turn-based table's player may have this device told of their move. */

import { $ } from "./dom.js";
import { api, page, tableId } from "./page.js";

export function pushable() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** The server's key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Registers the service worker, asks leave to show notices, subscribes with the
 * server's key and gives the subscription to this seat. */
export async function notifyHere() {
  const status = $("push-status");
  status.textContent = "";
  try {
    await navigator.serviceWorker.register("/sw.js");
    const registration = await navigator.serviceWorker.ready;
    if ((await Notification.requestPermission()) !== "granted") {
      status.textContent = "This browser was not allowed to show notices.";
      return;
    }
    const { key } = await api("GET", "/api/push/key");
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key),
    });
    await api("POST", `/api/tables/${encodeURIComponent(tableId)}/notices`, { push: subscription.toJSON() }, { "X-Plunder-Token": page.token || "" });
    status.textContent = "This device will be told when it is your move.";
  } catch (error) {
    status.textContent = `No notices on this device: ${error.message}`;
  }
}
