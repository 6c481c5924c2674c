// The schedule form's time zone starts as the browser's own, unless one was typed.
(function () {
  var zone = document.getElementById("schedule-zone");
  if (!zone || zone.value !== "UTC" || !window.Intl) return;
  var own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (own && document.querySelector('#zones option[value="' + own + '"]')) zone.value = own;
})();
