// The editor's "Insert into the text" buttons: put an attachment's Markdown at the
// cursor of the text. Without JavaScript the snippet is shown to copy.
(function () {
  "use strict";
  var body = document.getElementById("body");
  if (!body) {
    return;
  }
  document.querySelectorAll("button.insert[data-insert]").forEach(function (button) {
    button.addEventListener("click", function () {
      var snippet = button.getAttribute("data-insert");
      var start = body.selectionStart, end = body.selectionEnd;
      var before = body.value.slice(0, start), after = body.value.slice(end);
      var pad = before && !before.endsWith("\n") ? "\n\n" : "";
      body.value = before + pad + snippet + "\n\n" + after;
      var at = (before + pad + snippet).length;
      body.focus();
      body.setSelectionRange(at, at);
      body.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });
})();
