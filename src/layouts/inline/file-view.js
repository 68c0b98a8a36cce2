(function () {
  try {
    var theme = localStorage.getItem('opengdd-theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
  } catch (e) {}
  if (window.top !== window) document.documentElement.setAttribute('data-framed', '');
})();
