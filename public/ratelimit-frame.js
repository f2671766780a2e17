// For a host page whose Content-Security-Policy forbids inline script and
// inline style: the iframe snippet's script as a file, which also takes the
// frame's border off (through the CSSOM, which such a policy allows).
//   <iframe src="…/?embed=1" title="Rate Limit Lab" width="100%" height="1200" loading="lazy"></iframe>
//   <script src="…/ratelimit-frame.js"></script>
addEventListener("message", function (e) {
  var d = e.data;
  if (!d || d.source !== "ratelimit-lab" || d.type !== "resize") return;
  document.querySelectorAll("iframe").forEach(function (f) {
    if (f.contentWindow !== e.source) return;
    f.dataset.height = d.height;
    f.dataset.print = d.print || d.height;
    f.style.height = d.height + "px";
  });
});
function fit(k) {
  document.querySelectorAll("iframe[data-print]").forEach(function (f) {
    f.style.height = f.dataset[k] + "px";
  });
}
addEventListener("beforeprint", function () { fit("print"); });
addEventListener("afterprint", function () { fit("height"); });
document.querySelectorAll('iframe[src*="embed=1"]').forEach(function (f) {
  f.style.border = "0";
});
