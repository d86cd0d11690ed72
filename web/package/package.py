#!/usr/bin/env python3
"""Packages Perceptron Lab for a learning platform (LMS).

  package.py --standard scorm12|scorm2004|h5p --lesson ID[,ID...] [--lang en|vi|zh] [--pass 0.8]
             [--theme light|dark|contrast] [--embed] --www BUILD/www --pipwerks PATH [--out FILE.zip]

scorm12 / scorm2004: a SCORM 1.2 or SCORM 2004 (4th edition) content package, one SCO:
  imsmanifest.xml   at the root (adlcp:scormtype="sco" / adlcp:scormType="sco")
  index.html        the launch page: the single-file lab (BUILD/www/perceptron-lab.html, the
                    wasm, the texts and the Chinese font inline: no .wasm for the LMS's file
                    server to mistype), with pipwerks' SCORM API wrapper (npm
                    pipwerks-scorm-api-wrapper) and scorm_bridge.js inlined after its script.
The lessons are a course in the order given; the score is the questions answered right over the
questions the lessons ask, 0-100. --pass (0 to 1) is the pass mark: 1.2 reports passed / failed
(and the manifest carries adlcp:masteryscore), 2004 success_status (imsss:minNormalizedMeasure);
without it 1.2 reports completed and 2004's success_status stays unknown.
h5p: handed to web/package/h5p.py (with the same options) when that file exists.
"""
import argparse
import html
import json
import os
import re
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LESSONS = os.path.join(ROOT, 'web', 'lessons')
MAX_BYTES = 4 * 1024 * 1024


def fail(msg):
    sys.stderr.write('package: error: %s\n' % msg)
    sys.exit(2)


def lesson_title(lesson_id, lang):
    path = os.path.join(LESSONS, lesson_id + '.json')
    if not os.path.isfile(path):
        known = sorted(f[:-5] for f in os.listdir(LESSONS) if f.endswith('.json') and f != 'course.json')
        fail('no built-in lesson "%s" (web/lessons/%s.json); the lessons: %s' % (lesson_id, lesson_id, ', '.join(known)))
    with open(path, encoding='utf-8') as f:
        doc = json.load(f)
    title = doc.get('title', lesson_id)
    if isinstance(title, dict):
        return title.get(lang) or title.get('en') or lesson_id
    return str(title)


def query_of(args):
    parts = []
    if args.lang:
        parts.append('lang=' + args.lang)
    if args.theme:
        parts.append('theme=' + args.theme)
    if args.embed:
        parts.append('embed=1')
    return '&'.join(parts)


def manifest(standard, ident, title, item_title, pass_mark):
    t, it = html.escape(title), html.escape(item_title)
    if standard == 'scorm12':
        mastery = ''
        if pass_mark is not None:
            mastery = '\n        <adlcp:masteryscore>%d</adlcp:masteryscore>' % round(pass_mark * 100)
        return '''<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="%(id)s" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="%(id)s-org">
    <organization identifier="%(id)s-org">
      <title>%(t)s</title>
      <item identifier="%(id)s-item" identifierref="%(id)s-sco" isvisible="true">
        <title>%(it)s</title>%(mastery)s
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="%(id)s-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>
''' % {'id': ident, 't': t, 'it': it, 'mastery': mastery}
    seq = ''
    if pass_mark is not None:
        seq = '''
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="%s-pass" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>%s</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>''' % (ident, repr(float(pass_mark)))
    return '''<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="%(id)s" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="%(id)s-org">
    <organization identifier="%(id)s-org">
      <title>%(t)s</title>
      <item identifier="%(id)s-item" identifierref="%(id)s-sco" isvisible="true">
        <title>%(it)s</title>%(seq)s
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="%(id)s-sco" type="webcontent" adlcp:scormType="sco" href="index.html">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>
''' % {'id': ident, 't': t, 'it': it, 'seq': seq}


def pipwerks_script(path):
    """pipwerks-scorm-api-wrapper's index.js (a CommonJS webpack bundle) as a page script that
    defines window.pipwerks."""
    with open(path, encoding='utf-8') as f:
        src = f.read()
    if 'API_1484_11' not in src or 'SCORM' not in src:
        fail('%s is not pipwerks-scorm-api-wrapper\'s index.js' % path)
    return '(function () { var exports = {}; var module = { exports: exports };\n%s\nwindow.pipwerks = exports; })();' % src


def launch_page(www, pipwerks, config):
    single = os.path.join(www, 'perceptron-lab.html')
    if not os.path.isfile(single):
        fail('%s is missing: build the web first (./build.sh web)' % single)
    with open(single, encoding='utf-8') as f:
        page = f.read()
    with open(os.path.join(HERE, 'scorm_bridge.js'), encoding='utf-8') as f:
        bridge = f.read()
    bridge, n = re.subn(r'/\*PLA-SCORM-CONFIG\*/.*?/\*PLA-SCORM-CONFIG-END\*/',
                        lambda m: json.dumps(config, ensure_ascii=True), bridge, count=1, flags=re.S)
    if n != 1:
        fail('scorm_bridge.js lacks its config markers')
    scripts = pipwerks_script(pipwerks) + '\n' + bridge
    if '</script' in scripts.lower():
        fail('a script to inline contains "</script"')
    at = page.rfind('</body>')
    if at < 0:
        fail('%s has no </body>' % single)
    return page[:at] + '<script>\n' + scripts + '\n</script>\n' + page[at:]


def main(argv):
    # H5P has options of its own (web/package/h5p.py): handed over before any parsing here.
    std = [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == '--standard'] + \
          [a.split('=', 1)[1] for a in argv if a.startswith('--standard=')]
    if std and std[-1] == 'h5p':
        h5p = os.path.join(HERE, 'h5p.py')
        if not os.path.isfile(h5p):
            print('h5p: not built (web/package/h5p.py does not exist yet)')
            return 0
        return subprocess.call([sys.executable, h5p] + argv)

    ap = argparse.ArgumentParser(prog='./build.sh package', description='Packages Perceptron Lab for a learning platform.')
    ap.add_argument('--standard', required=True, choices=['scorm12', 'scorm2004', 'h5p'])
    ap.add_argument('--lesson', required=True, help='a built-in lesson id, or several in course order: a,b,c')
    ap.add_argument('--lang', choices=['en', 'vi', 'zh'])
    ap.add_argument('--pass', dest='pass_mark', type=float, help='the pass mark, 0 to 1 (e.g. 0.8)')
    ap.add_argument('--theme', choices=['light', 'dark', 'contrast'])
    ap.add_argument('--embed', action='store_true', help='the lab\'s compact embedded layout')
    ap.add_argument('--www', required=True, help='the web build (with perceptron-lab.html)')
    ap.add_argument('--pipwerks', help='pipwerks-scorm-api-wrapper\'s index.js')
    ap.add_argument('--out', help='the package to write (default: WWW/perceptron-lab-LESSONS-STANDARD.zip)')
    args = ap.parse_args(argv)

    if args.pass_mark is not None and not (0.0 <= args.pass_mark <= 1.0):
        fail('--pass is a fraction from 0 to 1 (e.g. 0.8), not %s' % args.pass_mark)
    lessons = [x.strip() for x in args.lesson.split(',') if x.strip()]
    if not lessons or any(not re.match(r'^[a-z0-9][a-z0-9-]{0,63}$', x) for x in lessons):
        fail('--lesson takes built-in lesson ids separated by commas, e.g. textbook,dual')

    if not args.pipwerks or not os.path.isfile(args.pipwerks):
        fail('--pipwerks PATH: pipwerks-scorm-api-wrapper\'s index.js is needed (./build.sh fetches it)')
    lang = args.lang or 'en'
    titles = [lesson_title(x, lang) for x in lessons]
    title = 'Perceptron Lab: ' + titles[0] if len(titles) == 1 else 'Perceptron Lab: ' + ' · '.join(titles)
    ident = 'perceptron-lab-' + '-'.join(lessons)[:80] + '-' + args.standard
    config = {'standard': args.standard, 'lessons': lessons, 'query': query_of(args), 'pass': args.pass_mark}
    page = launch_page(args.www, args.pipwerks, config)
    out = args.out or os.path.join(args.www, 'perceptron-lab-%s-%s.zip' % ('-'.join(lessons)[:80], args.standard))
    tmp = out + '.tmp'
    with zipfile.ZipFile(tmp, 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr('imsmanifest.xml', manifest(args.standard, ident, title, title, args.pass_mark))
        z.writestr('index.html', page)
    size = os.path.getsize(tmp)
    if size >= MAX_BYTES:
        os.remove(tmp)
        fail('the package would be %d bytes, over the 4 MB limit' % size)
    os.replace(tmp, out)
    print('%s: %s, lessons %s, %d bytes' % (out, args.standard, ','.join(lessons), size))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
