(function () {
  var root = document.documentElement;
  root.setAttribute('data-js', '');
  try {
    var theme = localStorage.getItem('opengdd-theme');
    if (theme === 'light' || theme === 'dark') root.setAttribute('data-theme', theme);
  } catch (e) {}
})();
