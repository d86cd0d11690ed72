<?php
// The test Moodle's site and activities for ./build.sh test-lms, with Moodle's own PHP API.
// Runs as www-data, the script on stdin (the repository need not be readable by www-data):
//   MOODLE_DIR=... php -- site < moodle_setup.php
//     once, after the install: the course "Perceptron Lab (test)" (PLAB), teacher1 / Teacher#2026
//     and student1 / Student#2026 enrolled, the MathJax filter off (its CDN cannot be reached),
//     the course recycle bin off (a deleted activity is gone, not backed up first).
//   MOODLE_DIR=... php -- activities SPEC.json < moodle_setup.php
//     every run: the course's earlier SCORM and H5P activities deleted (their attempts, tracks and
//     grades with them); as the administrator on Site administration > H5P > Manage H5P content
//     types, the content type H5P.PerceptronLab deleted and the .h5p uploaded (what
//     h5p/libraries.php does: core_h5p\api::delete_library, core_h5p\helper::save_h5p with
//     skipcontent); then, as teacher1, each activity of SPEC (create_module(), with the values the
//     "Add an activity" form starts with). SPEC: {"h5plibrary": FILE.h5p, "activities":
//     [{"key", "name", "modname": "scorm"|"h5pactivity", "file"}]}; the teacher's Interactions
//     report shows every column (question, response, right answer, result). Prints
//     {"course", "teacher", "student", "admin", "activities": {key: {cmid, instance, modname,
//     gradeitem, contextid}}, "h5plibrary": {id, version}} as JSON.
define('CLI_SCRIPT', true);
$dir = getenv('MOODLE_DIR') ?: die("set MOODLE_DIR to the Moodle tree\n");
require($dir . '/config.php');
require_once($CFG->dirroot . '/user/lib.php');
require_once($CFG->dirroot . '/course/lib.php');
require_once($CFG->dirroot . '/course/modlib.php');
require_once($CFG->libdir . '/enrollib.php');
require_once($CFG->libdir . '/filterlib.php');
require_once($CFG->libdir . '/filelib.php');
require_once($CFG->libdir . '/gradelib.php');

$args = array_slice($argv, 1);
if ($args && $args[0] === '--') {
    array_shift($args);
}
$mode = $args[0] ?? '';

function plab_user(string $username, string $first, string $last, string $pass): stdClass {
    global $DB, $CFG;
    if ($u = $DB->get_record('user', ['username' => $username, 'mnethostid' => $CFG->mnet_localhost_id])) {
        return $u;
    }
    $id = user_create_user((object)[
        'username' => $username, 'password' => $pass, 'firstname' => $first, 'lastname' => $last,
        'email' => "$username@example.com", 'auth' => 'manual', 'confirmed' => 1,
        'mnethostid' => $CFG->mnet_localhost_id,
    ], true, false);
    return $DB->get_record('user', ['id' => $id]);
}

function plab_site(): array {
    global $DB;
    \core\session\manager::set_user(get_admin());
    filter_set_global_state('mathjaxloader', TEXTFILTER_DISABLED);
    set_config('coursebinenable', 0, 'tool_recyclebin');
    set_config('categorybinenable', 0, 'tool_recyclebin');
    $teacher = plab_user('teacher1', 'Tina', 'Teacher', 'Teacher#2026');
    $student = plab_user('student1', 'Sam', 'Student', 'Student#2026');
    if (!$course = $DB->get_record('course', ['shortname' => 'PLAB'])) {
        $course = create_course((object)[
            'fullname' => 'Perceptron Lab (test)', 'shortname' => 'PLAB', 'category' => 1,
            'format' => 'topics', 'numsections' => 1, 'enablecompletion' => 1,
        ]);
    }
    $manual = enrol_get_plugin('manual');
    $instance = $DB->get_record('enrol', ['courseid' => $course->id, 'enrol' => 'manual'], '*', MUST_EXIST);
    $roles = $DB->get_records_menu('role', null, '', 'shortname, id');
    $manual->enrol_user($instance, $teacher->id, $roles['editingteacher']);
    $manual->enrol_user($instance, $student->id, $roles['student']);
    return ['course' => (int)$course->id, 'teacher' => (int)$teacher->id, 'student' => (int)$student->id,
        'admin' => (int)get_admin()->id];
}

// A file into the current user's draft area, as the file picker does; returns the draft item id.
function plab_draft(string $path): int {
    global $USER;
    $itemid = file_get_unused_draft_itemid();
    get_file_storage()->create_file_from_pathname([
        'contextid' => context_user::instance($USER->id)->id, 'component' => 'user', 'filearea' => 'draft',
        'itemid' => $itemid, 'filepath' => '/', 'filename' => basename($path),
        'userid' => $USER->id, 'author' => fullname($USER), 'license' => 'allrightsreserved',
    ], $path);
    return $itemid;
}

// Site administration > H5P > Manage H5P content types: delete H5P.PerceptronLab (every version)
// and upload the package's content type.
function plab_h5p_library(string $file): array {
    global $DB, $USER;
    \core\session\manager::set_user(get_admin());
    $factory = new \core_h5p\factory();
    foreach ($DB->get_records('h5p_libraries', ['machinename' => 'H5P.PerceptronLab']) as $lib) {
        \core_h5p\api::delete_library($factory, $lib);
    }
    $itemid = plab_draft($file);
    $files = get_file_storage()->get_area_files(context_user::instance($USER->id)->id, 'user', 'draft', $itemid, 'id', false);
    if (\core_h5p\helper::save_h5p($factory, reset($files), new stdClass(), false, true) === false) {
        $msg = \core_h5p\helper::get_messages(new stdClass(), $factory);
        throw new moodle_exception('invalidpackage', 'core_h5p', '', null, json_encode($msg));
    }
    $lib = $DB->get_record('h5p_libraries', ['machinename' => 'H5P.PerceptronLab'], '*', MUST_EXIST);
    return ['id' => (int)$lib->id,
        'version' => $lib->majorversion . '.' . $lib->minorversion . '.' . $lib->patchversion];
}

// "Add an activity or resource", as teacher1: the form's starting values, the package uploaded.
function plab_activity(stdClass $course, array $a): array {
    global $DB;
    $common = [
        'modulename' => $a['modname'], 'course' => $course->id, 'section' => 1, 'visible' => 1,
        'visibleoncoursepage' => 1, 'name' => $a['name'], 'cmidnumber' => '', 'groupmode' => 0, 'groupingid' => 0,
        'introeditor' => ['text' => '', 'format' => FORMAT_HTML, 'itemid' => file_get_unused_draft_itemid()],
        'packagefile' => plab_draft($a['file']),
    ];
    if ($a['modname'] === 'scorm') {
        $cfg = get_config('scorm');
        $info = $common + [
            'scormtype' => SCORM_TYPE_LOCAL, 'updatefreq' => $cfg->updatefreq, 'popup' => $cfg->popup,
            'width' => $cfg->framewidth, 'height' => $cfg->frameheight, 'skipview' => $cfg->skipview,
            'hidebrowse' => $cfg->hidebrowse, 'displaycoursestructure' => $cfg->displaycoursestructure,
            'hidetoc' => $cfg->hidetoc, 'nav' => $cfg->nav, 'navpositionleft' => $cfg->navpositionleft,
            'navpositiontop' => $cfg->navpositiontop, 'displayattemptstatus' => $cfg->displayattemptstatus,
            'grademethod' => $cfg->grademethod, 'maxgrade' => $cfg->maxgrade, 'maxattempt' => $cfg->maxattempt,
            'whatgrade' => $cfg->whatgrade, 'forcenewattempt' => $cfg->forcenewattempt,
            'lastattemptlock' => $cfg->lastattemptlock, 'forcecompleted' => $cfg->forcecompleted,
            'auto' => $cfg->auto, 'autocommit' => $cfg->autocommit, 'masteryoverride' => $cfg->masteryoverride,
            'timeopen' => 0, 'timeclose' => 0,
        ];
    } else {
        $info = $common + [
            'grade' => 100, 'grademethod' => \mod_h5pactivity\local\manager::GRADEHIGHESTATTEMPT,
            'enabletracking' => 1, 'reviewmode' => \mod_h5pactivity\local\manager::REVIEWCOMPLETION,
            'displayopt' => [],
        ];
    }
    $cm = create_module((object)$info);
    $item = $DB->get_record('grade_items', ['courseid' => $course->id, 'itemtype' => 'mod',
        'itemmodule' => $a['modname'], 'iteminstance' => $cm->instance, 'itemnumber' => 0]);
    return ['cmid' => (int)$cm->coursemodule, 'instance' => (int)$cm->instance, 'modname' => $a['modname'],
        'gradeitem' => $item ? (int)$item->id : null, 'contextid' => (int)context_module::instance($cm->coursemodule)->id];
}

if ($mode === 'site') {
    echo json_encode(plab_site()), "\n";
} else if ($mode === 'activities') {
    $spec = json_decode(file_get_contents($args[1] ?? die("activities SPEC.json\n")), true);
    $site = plab_site();
    $course = $DB->get_record('course', ['id' => $site['course']], '*', MUST_EXIST);
    \core\session\manager::set_user(get_admin());
    foreach (get_fast_modinfo($course)->get_cms() as $cm) {
        if (in_array($cm->modname, ['scorm', 'h5pactivity'])) {
            course_delete_module($cm->id);
        }
    }
    $site['h5plibrary'] = plab_h5p_library($spec['h5plibrary']);
    \core\session\manager::set_user($DB->get_record('user', ['id' => $site['teacher']]));
    // The teacher's choice on the Interactions report ("Question text", "Response", "Right
    // answer", "Result" ticked: its settings form saves these preferences).
    foreach (['qtext', 'resp', 'right', 'result'] as $column) {
        set_user_preference('scorm_report_interactions_' . $column, 1, $site['teacher']);
    }
    $site['activities'] = [];
    foreach ($spec['activities'] as $a) {
        $site['activities'][$a['key']] = plab_activity($course, $a);
    }
    echo json_encode($site), "\n";
} else {
    die("usage: php -- site|activities SPEC.json < moodle_setup.php\n");
}
