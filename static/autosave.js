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
  function save() {
    var data = new URLSearchParams(new FormData(form));
    data.set("action", "draft");
    // Not form.action: the buttons named "action" shadow that property.
    fetch(form.getAttribute("action"), { method: "POST", body: data, credentials: "same-origin", redirect: "manual" })
      .then(function (response) {
        if (response.type === "opaqueredirect" || response.ok) {
          say("Draft saved at " + new Date().toLocaleTimeString() + ".");
        } else {
          say("The draft could not be saved (" + response.status + ").");
        }
      })
      .catch(function () {
        say("The draft could not be saved: the site is not answering.");
      });
  }
  form.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(save, 2000);
  });
})();
