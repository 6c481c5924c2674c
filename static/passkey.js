// Passkeys: the forms marked data-passkey ask the site for a ceremony's options, hand
// them to the browser's authenticator, and send its answer back in the form. Without
// WebAuthn in the browser the sign-in form stays hidden, and adding one says why.
(function () {
  "use strict";
  var forms = document.querySelectorAll("form[data-passkey]");
  if (!forms.length) {
    return;
  }
  var supported = !!(window.PublicKeyCredential && navigator.credentials);

  function bytes(text) {
    var s = text.replace(/-/g, "+").replace(/_/g, "/");
    while (s.length % 4) {
      s += "=";
    }
    var binary = atob(s);
    var out = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) {
      out[i] = binary.charCodeAt(i);
    }
    return out.buffer;
  }

  function text(buffer) {
    var b = new Uint8Array(buffer);
    var s = "";
    for (var i = 0; i < b.length; i++) {
      s += String.fromCharCode(b[i]);
    }
    return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function ids(list) {
    return (list || []).map(function (c) {
      var copy = Object.assign({}, c);
      copy.id = bytes(c.id);
      return copy;
    });
  }

  function creation(options) {
    var o = Object.assign({}, options.publicKey);
    o.challenge = bytes(o.challenge);
    o.user = Object.assign({}, o.user, { id: bytes(o.user.id) });
    o.excludeCredentials = ids(o.excludeCredentials);
    return { publicKey: o };
  }

  function request(options) {
    var o = Object.assign({}, options.publicKey);
    o.challenge = bytes(o.challenge);
    o.allowCredentials = ids(o.allowCredentials);
    return { publicKey: o };
  }

  function made(credential) {
    var r = credential.response;
    var extensions = credential.getClientExtensionResults();
    return {
      id: credential.id,
      rawId: text(credential.rawId),
      type: credential.type,
      response: {
        attestationObject: text(r.attestationObject),
        clientDataJSON: text(r.clientDataJSON),
        transports: r.getTransports ? r.getTransports() : undefined
      },
      extensions: extensions.credProps ? { credProps: extensions.credProps } : {}
    };
  }

  function asserted(credential) {
    var r = credential.response;
    return {
      id: credential.id,
      rawId: text(credential.rawId),
      type: credential.type,
      response: {
        authenticatorData: text(r.authenticatorData),
        clientDataJSON: text(r.clientDataJSON),
        signature: text(r.signature),
        userHandle: r.userHandle ? text(r.userHandle) : null
      },
      extensions: {}
    };
  }

  Array.prototype.forEach.call(forms, function (form) {
    var kind = form.getAttribute("data-passkey");
    var status = form.querySelector("[data-passkey-status]");
    function say(message) {
      if (status) {
        status.textContent = message;
      }
    }
    // The page's words, from the status element ("%s" where a value goes).
    function words(name, value) {
      var phrase = (status && status.getAttribute("data-" + name)) || "%s";
      return phrase.replace("%s", value === undefined ? "" : value);
    }
    if (!supported) {
      if (kind === "register") {
        say(words("cannot-make"));
      } else if (kind === "second-step") {
        // The step's only way may be the passkey: say why it is not offered.
        form.hidden = false;
        Array.prototype.forEach.call(form.querySelectorAll("button, p:not([data-passkey-status])"), function (e) {
          e.hidden = true;
        });
        say(words("cannot-use"));
      }
      return;
    }
    form.hidden = false;
    var sending = false;
    form.addEventListener("submit", function (event) {
      if (sending) {
        return;
      }
      event.preventDefault();
      if (!form.reportValidity()) {
        return;
      }
      say(words("asking"));
      var button = form.querySelector("button[type=submit]");
      if (button) {
        button.disabled = true;
      }
      var body = new URLSearchParams();
      // What the site checks before the device is asked: the form's fields but the
      // authenticator's answer.
      Array.prototype.forEach.call(form.elements, function (field) {
        if (field.name && field.name !== "credential" && field.name !== "ceremony") {
          body.set(field.name, field.value);
        }
      });
      var ceremony = null;
      fetch(form.getAttribute("data-options"), {
        method: "POST",
        body: body,
        credentials: "same-origin"
      })
        .then(function (response) {
          return response.json().then(
            function (answer) {
              if (!response.ok) {
                throw new Error(answer.error || "the site answered " + response.status);
              }
              return answer;
            },
            function () {
              throw new Error("the site answered " + response.status);
            }
          );
        })
        .then(function (begun) {
          ceremony = begun.ceremony;
          if (kind === "register") {
            return navigator.credentials.create(creation(begun.options)).then(made);
          }
          return navigator.credentials.get(request(begun.options)).then(asserted);
        })
        .then(function (answer) {
          form.elements.ceremony.value = ceremony;
          form.elements.credential.value = JSON.stringify(answer);
          sending = true;
          say(words("checking"));
          form.submit();
        })
        .catch(function (error) {
          if (button) {
            button.disabled = false;
          }
          say(words("not-used", error && error.message ? error.message : error));
        });
    });
  });
})();
