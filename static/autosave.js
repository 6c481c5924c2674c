// Saves the post editor's text as a private draft (no revision) a few seconds after
// typing stops. Without JavaScript the "Save draft" button does the same.
(function () {
  "use strict";
  var form = document.querySelector("form.editor[data-autosave]");
  if (!form) {
    return;
  }
  var status = document.getElementById("autosave-status");
  var timer = null;
  function say(text) {
    if (status) {
      status.textContent = text;
    }
  }
  // The page's words, from the status element ("%s" where a value goes).
  function words(name, value) {
    var phrase = (status && status.getAttribute("data-" + name)) || "%s";
    return phrase.replace("%s", value);
  }
  function save() {
    var data = new URLSearchParams(new FormData(form));
    data.set("action", "draft");
    // Not form.action: the buttons named "action" shadow that property.
    fetch(form.getAttribute("action"), { method: "POST", body: data, credentials: "same-origin", redirect: "manual" })
      .then(function (response) {
        if (response.type === "opaqueredirect" || response.ok) {
          say(words("saved", new Date().toLocaleTimeString(document.documentElement.lang || undefined)));
        } else {
          say(words("failed", response.status));
        }
      })
      .catch(function () {
        say(words("unreachable", ""));
      });
  }
  form.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(save, 2000);
  });
})();
