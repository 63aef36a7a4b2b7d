// Runs before the first paint, from <head> (index.html), before any of the app's code.
(function () {
  // The theme: the stored choice, else the system's, set before paint so the wrong one never
  // flashes (lib/theme-context.tsx takes it over).
  try {
    var stored = window.localStorage.getItem('theme');
    var isDark =
      stored === 'dark' ||
      (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', isDark);
    document.documentElement.style.colorScheme = isDark ? 'dark' : 'light';
  } catch {
    // Storage can be unavailable (private mode); the light theme is then used.
  }
  // A page the server sent as HTML (app/server-render.tsx; the sign-in form) can be filled in
  // before the app has started. A form submitted then would go to the browser as a plain GET,
  // the password in the address: it is held, and the app submits it once it has started
  // (app/first-screen.ts; main.tsx sets data-app-started).
  // A button pressed then (the theme toggle, show password) has no handler yet: the press is
  // counted on the button, and the app presses it again once it has started.
  document.addEventListener(
    'click',
    function (event) {
      if (document.documentElement.hasAttribute('data-app-started')) return;
      var button = event.target.closest && event.target.closest('button[type="button"]');
      if (!button) return;
      var held = Number(button.getAttribute('data-held-clicks') || 0);
      button.setAttribute('data-held-clicks', String(held + 1));
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      if (document.documentElement.hasAttribute('data-app-started')) return;
      event.preventDefault();
      event.target.setAttribute('data-held-submit', '');
    },
    true,
  );
})();
