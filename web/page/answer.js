// The page around the lab (web/index.html; the scripts' list: page/texts.js): a real text input
// laid over the lesson's number field, where the engine says it is (Module.onAnswerField, after
// the frames that move it), so that a phone opens its keyboard (a decimal one) for it; a tap on
// the field lands on it. What is typed there is the answer's text (the field shows it as
// typed); Enter answers, as Check does. Its keys stay its own, except Tab and Escape, which
// hand the focus back to the lab (whose keyboard navigation goes on from the field). When the
// lab's field takes the keyboard focus (Tab reached it), the input takes it.
(function (page) {
  'use strict';
  if (page.stopped) return;
  var canvas = page.canvas;
  var answerInput = document.getElementById('pla-answer');
  var answerFns = null, answerActive = false;
  function answerFn() {
    if (!answerFns) {
      answerFns = { input: Module.cwrap('pla_answer_input', null, ['string']),
                    submit: Module.cwrap('pla_answer_submit', 'string', []),
                    focus: Module.cwrap('pla_answer_focus', null, ['number']) };
    }
    return answerFns;
  }
  // Lays a page element over a field the engine drew (f: its place and look, CSS px and colours).
  page.placeOverField = function (el, f, padY) {
    var r = canvas.getBoundingClientRect(), st = el.style;
    st.left = (r.left + f.x) + 'px';
    st.top = (r.top + f.y) + 'px';
    st.width = f.w + 'px';
    st.height = f.h + 'px';
    st.fontSize = f.font + 'px';
    st.padding = padY + 'px ' + f.pad + 'px';
    st.borderRadius = f.radius + 'px';
    st.background = f.bg;
    st.color = f.fg;
  };
  page.answerField = function (f) {
    if (!f.shown) {
      answerActive = false;
      if (document.activeElement === answerInput) { answerInput.blur(); canvas.focus({ preventScroll: true }); }
      answerInput.hidden = true;
      return;
    }
    page.placeOverField(answerInput, f, 0);
    answerInput.style.setProperty('--pla-muted', f.muted);
    if (answerInput.value !== f.text) answerInput.value = f.text;
    answerInput.placeholder = f.hint;
    answerInput.setAttribute('aria-label', f.label);
    answerInput.hidden = false;
    if (f.active && !answerActive && document.activeElement !== answerInput) answerInput.focus({ preventScroll: true });
    answerActive = f.active;
  };
  answerInput.addEventListener('input', function () { answerFn().input(answerInput.value); });
  answerInput.addEventListener('focus', function () { answerFn().focus(1); });
  answerInput.addEventListener('blur', function () { answerFn().focus(0); });
  ['keydown', 'keyup', 'keypress'].forEach(function (type) {
    answerInput.addEventListener(type, function (e) {
      if (e.key === 'Tab' || e.key === 'Escape') {  // on to the lab (its listeners are the window's)
        if (type === 'keydown') { answerInput.blur(); canvas.focus({ preventScroll: true }); }
        return;
      }
      e.stopPropagation();
      if (type === 'keydown' && (e.key === 'Enter' || e.keyCode === 13)) {
        e.preventDefault();
        answerFn().input(answerInput.value);
        answerFn().submit();
      }
    });
  });
  // A tap or click elsewhere on the lab ends the typing (a phone's keyboard closes).
  canvas.addEventListener('pointerdown', function () {
    if (document.activeElement === answerInput) answerInput.blur();
  });
})(window.PLA_PAGE);
