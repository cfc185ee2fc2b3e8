// The portal's only script, progressive enhancement: every page works without it.
// - [data-copy=<id>]: copies that input's value (or that element's text: a command) to the clipboard, says so.
// - form[data-confirm]: asks before submitting (suspend, revoke, delete).
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-copy]");
  if (!button) return;
  var input = document.getElementById(button.getAttribute("data-copy"));
  if (!input) return;
  var text = input.select ? input.value : input.textContent;
  if (input.select) input.select();
  else window.getSelection().selectAllChildren(input);
  var done = function () {
    button.textContent = "Copied";
    setTimeout(function () {
      button.textContent = "Copy";
    }, 2000);
  };
  if (navigator.clipboard && window.isSecureContext)
    navigator.clipboard.writeText(text).then(done, function () {
      document.execCommand("copy");
      done();
    });
  else {
    document.execCommand("copy");
    done();
  }
});
document.addEventListener("submit", function (event) {
  var form = event.target;
  var question = form.getAttribute && form.getAttribute("data-confirm");
  if (question && !window.confirm(question)) event.preventDefault();
});
// - form[data-autosubmit]: a change of any of its fields submits it (the journal's version
//   slider); without the script its submit button does the same.
document.addEventListener("change", function (event) {
  var form = event.target.form;
  if (form && form.hasAttribute("data-autosubmit")) form.requestSubmit ? form.requestSubmit() : form.submit();
});
// - The viewer's time zone, for pages that show times in it (job schedules): a cookie the
//   server reads and checks against the zones it knows; UTC until the script has run once.
(function () {
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && document.cookie.indexOf("portal_tz=" + encodeURIComponent(zone)) === -1)
      document.cookie = "portal_tz=" + encodeURIComponent(zone) + "; path=/portal; max-age=31536000; samesite=lax";
  } catch (e) {
    /* no Intl: UTC */
  }
})();
// - input[data-url-check=<path>]: as a URL is typed, asks the portal (POST <path>, with the form's CSRF
//   field) whether the service's outbound rule takes it, and says so in the input's second hint.
var urlCheck;
document.addEventListener("input", function (event) {
  var input = event.target;
  var path = input.getAttribute && input.getAttribute("data-url-check");
  if (!path) return;
  clearTimeout(urlCheck);
  urlCheck = setTimeout(function () {
    var say = document.getElementById(input.id + "-check");
    var csrf = input.form.querySelector("input[name=csrf]");
    var body = new URLSearchParams({ url: input.value, csrf: csrf ? csrf.value : "" });
    fetch(path, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (r) {
        return r.json();
      })
      .then(function (answer) {
        var problem = answer.problem;
        input.setAttribute("aria-invalid", problem ? "true" : "false");
        if (say) say.textContent = input.value === "" ? "" : problem ? "Refused: the URL " + problem + "." : "Allowed.";
      })
      .catch(function () {});
  }, 250);
});
