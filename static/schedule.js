// The schedule form, first shown, starts with the browser's own time zone.
(function () {
  var zone = document.getElementById("schedule-zone");
  if (!zone || !zone.dataset.fresh || !window.Intl) return;
  var own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (own && document.querySelector('#zones option[value="' + own + '"]')) zone.value = own;
})();
