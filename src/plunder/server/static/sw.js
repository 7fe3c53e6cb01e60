/*
 * The service worker, served at /sw.js so that its scope is the whole site. It does
 * one thing: show a Web Push notice of a seat's move (its title, its words) and,
 * when the notice is clicked, open (or bring forward) that table's page. It keeps
 * no cache and answers no fetch: the pages load as they do without it.
 */
"use strict";

self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (_) {
    notice = {};
  }
  const title = typeof notice.title === "string" ? notice.title : "plunder";
  const body = typeof notice.body === "string" ? notice.body : "";
  // Only a page of this site is opened: a path, never another origin.
  const path = typeof notice.url === "string" && /^\/(?!\/)/.test(notice.url) ? notice.url : "/my";
  event.waitUntil(
    self.registration.showNotification(title, { body, icon: "/static/favicon.svg", tag: path, data: { path } }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.path) || "/my", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const page = open.find((client) => client.url === url);
      if (page) return page.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
