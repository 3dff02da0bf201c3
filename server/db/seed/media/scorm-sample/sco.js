// A small SCORM 1.2 SCO: finds the LMS's API in a parent window, marks the lesson
// incomplete on its first launch, remembers visits in suspend_data, and reports
// 'completed' with a score when the learner presses the button.
(function () {
  function findApi(win) {
    for (var i = 0; win && i < 10; i++) {
      if (win.API) return win.API;
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  function show(id, text) {
    document.getElementById(id).textContent = text || '—';
  }

  var api = findApi(window);
  if (!api) {
    show('message', 'Система обучения не найдена: откройте урок из курса.');
    return;
  }
  api.LMSInitialize('');
  var location = api.LMSGetValue('cmi.core.lesson_location');
  var suspend = api.LMSGetValue('cmi.suspend_data');
  show('location', location);
  show('suspend', suspend);

  var status = api.LMSGetValue('cmi.core.lesson_status');
  if (!status || status === 'not attempted') {
    status = 'incomplete';
    api.LMSSetValue('cmi.core.lesson_status', status);
  }
  show('status', status);

  var visits = Number((/visits=(\d+)/.exec(suspend || '') || [])[1] || 0) + 1;
  if (api.LMSGetValue('cmi.core.lesson_mode') !== 'review') {
    api.LMSSetValue('cmi.core.lesson_location', 'page-1');
    api.LMSSetValue('cmi.suspend_data', 'visits=' + visits);
    api.LMSSetValue('cmi.core.exit', 'suspend');
    api.LMSCommit('');
  }

  var button = document.getElementById('complete');
  button.disabled = status === 'completed' || status === 'passed';
  button.addEventListener('click', function () {
    api.LMSSetValue('cmi.core.lesson_status', 'completed');
    api.LMSSetValue('cmi.core.score.min', '0');
    api.LMSSetValue('cmi.core.score.max', '100');
    api.LMSSetValue('cmi.core.score.raw', '90');
    api.LMSSetValue('cmi.core.lesson_location', 'end');
    var ok = api.LMSCommit('') === 'true';
    show('status', 'completed');
    show('message', ok ? 'Урок завершён, результат сохранён.' : 'Не удалось сохранить результат.');
    button.disabled = true;
  });

  var finished = false;
  window.addEventListener('pagehide', function () {
    if (!finished) {
      finished = true;
      api.LMSFinish('');
    }
  });
})();
