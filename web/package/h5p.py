#!/usr/bin/env python3
"""Packs Perceptron Lab as an H5P content type (H5P.PerceptronLab) in a .h5p file.

usage: h5p.py --www BUILD/www --lesson ID[,ID...] [--lang en|vi|zh] [--theme light|dark|contrast]
              [--panels data,algorithm,run,theory,plots|none] [--embed] [--pass 0.8]
              [--title TEXT] [--out FILE.h5p]
  (./build.sh package --standard h5p ... calls it with the same options; --standard and
  --pipwerks are accepted and ignored.)

The .h5p (a zip):
  h5p.json                       title, language, mainLibrary H5P.PerceptronLab, embedTypes iframe
  content/content.json           the authoring form's values: lessons, language, theme, panels,
                                 embed, passPercentage
  H5P.PerceptronLab-1.0/
    library.json, semantics.json the content type and its authoring form (the lesson select lists
                                 every built-in lesson of web/lessons/course.json, titled in English)
    lab-page.js                  the single-file lab (BUILD/www/perceptron-lab.html: engine, wasm,
                                 texts and fonts inline) as a JavaScript string: H5P's whitelist
                                 refuses .html and .wasm inside libraries
    perceptron-lab-h5p.js/.css   the constructor (attach, xAPI, the question contract)
Every file's extension is one H5P accepts by default (json, js, css).
"""
import argparse
import json
import os
import re
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ASSETS = os.path.join(HERE, 'h5p')
LESSONS = os.path.join(ROOT, 'web', 'lessons')
LIBRARY = 'H5P.PerceptronLab'
PANELS = ['data', 'algorithm', 'run', 'theory', 'plots']
MAX_BYTES = 4 * 1024 * 1024


def fail(msg):
    sys.stderr.write('h5p: error: %s\n' % msg)
    sys.exit(2)


def read_json(path):
    with open(path, encoding='utf-8') as f:
        return json.load(f)


def course():
    """Every built-in lesson in course order: {id: {title: {en, vi, zh}, questions: n}}."""
    order = read_json(os.path.join(LESSONS, 'course.json'))['lessons']
    out = {}
    for lesson_id in order:
        lesson = read_json(os.path.join(LESSONS, lesson_id + '.json'))
        questions = sum(1 for s in lesson.get('steps', []) if isinstance(s, dict) and s.get('question'))
        out[lesson_id] = {'title': lesson.get('title', {'en': lesson_id}), 'questions': questions}
    return order, out


def library_files(www, order, lessons):
    library = read_json(os.path.join(ASSETS, 'library.json'))
    semantics = read_json(os.path.join(ASSETS, 'semantics.json'))
    select = semantics[0]['field']
    select['options'] = [{'value': i, 'label': lessons[i]['title'].get('en', i)} for i in order]
    select['default'] = order[0]
    single = os.path.join(www, 'perceptron-lab.html')
    if not os.path.isfile(single):
        fail('%s does not exist: build the web bundle first (./build.sh web)' % single)
    with open(single, encoding='utf-8') as f:
        page = f.read()
    # ASCII only (\\uXXXX escapes): a host may serve .js without a charset.
    lab_page = ('/* Perceptron Lab: the single-file lab page (engine, wasm, texts and fonts inline) as a\n'
                ' * string for H5P.PerceptronLab, and each built-in lesson\'s title and question count. */\n'
                'var H5P = window.H5P = window.H5P || {};\n'
                'H5P.PerceptronLabLessons = %s;\n'
                'H5P.PerceptronLabPage = %s;\n') % (json.dumps(lessons, ensure_ascii=True, sort_keys=True),
                                                    json.dumps(page, ensure_ascii=True))
    folder = '%s-%d.%d' % (LIBRARY, library['majorVersion'], library['minorVersion'])
    files = {
        folder + '/library.json': json.dumps(library, indent=2, ensure_ascii=False) + '\n',
        folder + '/semantics.json': json.dumps(semantics, indent=2, ensure_ascii=False) + '\n',
        folder + '/lab-page.js': lab_page,
    }
    for name in ('perceptron-lab-h5p.js', 'perceptron-lab-h5p.css'):
        with open(os.path.join(ASSETS, name), encoding='utf-8') as f:
            files[folder + '/' + name] = f.read()
    return library, files


def main(argv):
    ap = argparse.ArgumentParser(prog='h5p.py', description='Packs Perceptron Lab as an H5P content type (.h5p).')
    ap.add_argument('--www', required=True, help='the web build (with perceptron-lab.html)')
    ap.add_argument('--lesson', default='textbook', help='a built-in lesson id, or several in course order: a,b,c')
    ap.add_argument('--lang', choices=['en', 'vi', 'zh'], help='the lab\'s language (default: the student\'s browser)')
    ap.add_argument('--theme', choices=['light', 'dark', 'contrast'], default='light')
    ap.add_argument('--panels', help='the panels shown: a list of %s, or none (default: the lesson\'s)' % ', '.join(PANELS))
    ap.add_argument('--embed', action='store_true', help='the lab\'s compact embedded layout')
    ap.add_argument('--pass', dest='pass_mark', type=float, help='the pass mark, 0 to 1 (e.g. 0.8)')
    ap.add_argument('--title', help='the content\'s title (default: Perceptron Lab: <the lessons\' titles>)')
    ap.add_argument('--out', help='the .h5p to write (default: WWW/perceptron-lab-LESSONS.h5p)')
    ap.add_argument('--standard', choices=['h5p'], help=argparse.SUPPRESS)
    ap.add_argument('--pipwerks', help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    order, known = course()
    lessons = [x.strip() for x in args.lesson.split(',') if x.strip()]
    if not lessons:
        fail('--lesson takes built-in lesson ids separated by commas, e.g. textbook,dual')
    for x in lessons:
        if x not in known:
            fail('unknown lesson "%s"; the built-in lessons: %s' % (x, ', '.join(order)))
    if args.pass_mark is not None and not (0.0 <= args.pass_mark <= 1.0):
        fail('--pass is a fraction from 0 to 1 (e.g. 0.8), not %s' % args.pass_mark)
    panels = {k: True for k in PANELS}
    if args.panels is not None:
        chosen = [p.strip() for p in args.panels.split(',') if p.strip()]
        if chosen == ['all']:
            chosen = PANELS
        elif chosen == ['none']:
            chosen = []
        bad = [p for p in chosen if p not in PANELS]
        if bad:
            fail('--panels: unknown panel %s (the panels: %s, or all, none)' % (bad[0], ', '.join(PANELS)))
        panels = {k: k in chosen for k in PANELS}

    lang = args.lang or 'en'
    titles = [known[x]['title'].get(lang) or known[x]['title'].get('en', x) for x in lessons]
    title = args.title or ('Perceptron Lab: ' + ' · '.join(titles))
    content = {'lessons': lessons, 'language': args.lang or 'auto', 'theme': args.theme, 'panels': panels,
               'embed': bool(args.embed)}
    if args.pass_mark is not None:
        pct = round(args.pass_mark * 100, 4)
        content['passPercentage'] = int(pct) if pct == int(pct) else pct
    library, files = library_files(args.www, order, known)
    h5p = {
        'title': title[:255],
        'language': args.lang or 'und',
        'mainLibrary': LIBRARY,
        'embedTypes': ['iframe'],
        'license': 'U',
        'preloadedDependencies': [{'machineName': LIBRARY, 'majorVersion': str(library['majorVersion']),
                                   'minorVersion': str(library['minorVersion'])}],
    }
    files['h5p.json'] = json.dumps(h5p, indent=2, ensure_ascii=False) + '\n'
    files['content/content.json'] = json.dumps(content, indent=2, ensure_ascii=False) + '\n'

    out = args.out or os.path.join(args.www, 'perceptron-lab-%s.h5p' % re.sub(r'[^a-z0-9-]+', '-', '-'.join(lessons))[:80])
    tmp = out + '.tmp'
    with zipfile.ZipFile(tmp, 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name in ['h5p.json', 'content/content.json'] + sorted(k for k in files if '/' in k and not k.startswith('content/')):
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, files[name].encode('utf-8'))
    size = os.path.getsize(tmp)
    if size > MAX_BYTES:
        os.remove(tmp)
        fail('%s would be %d bytes, over %d' % (out, size, MAX_BYTES))
    os.replace(tmp, out)
    print('h5p: %s (%d bytes; %s; lessons %s)' % (out, size, LIBRARY, ','.join(lessons)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
