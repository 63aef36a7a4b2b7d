(function () {
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
})();
