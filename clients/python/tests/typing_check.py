#!/usr/bin/env python3
"""mypy --strict on identities_psycopg's sources and on the README's programs for one ORM (argument: sqlalchemy or
django). The programs are checked in a scratch directory, against the installed wheel: its py.typed is what lets
mypy read the package's annotations there (without it: "module is installed, but missing library stubs or py.typed
marker")."""

import os
import subprocess
import sys
import tempfile

from checks import check, exit_status, write_readme_files

CLIENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SOURCES = {"sqlalchemy": ["identities_psycopg/__init__.py", "identities_psycopg/sqlalchemy.py"],
           "django": ["identities_psycopg/__init__.py", "identities_psycopg/django/__init__.py",
                      "identities_psycopg/django/apps.py"]}
PROGRAMS = {"sqlalchemy": ["first_query.py", "models.py", "rides.py", "migrations/env.py",
                           "migrations/versions/0001_identities.py"],
            "django": ["settings.py", "rides/models.py", "rides/migrations/0001_identities.py", "ride.py"]}
# Outside the tree, which each run copies anew; one per kind of run, as mypy's options (a plugin) differ.
CACHE = "/var/cache/identities-client-builds/python/mypy"
orm = sys.argv[1]


def mypy(directory, paths, cache):
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", os.path.join(CACHE, cache), *paths],
                          cwd=directory,
                          text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        raise AssertionError(done.stdout)


def package_sources():
    mypy(CLIENT, SOURCES[orm], f"{orm}-sources")


def readme_programs_against_the_wheel():
    project = tempfile.mkdtemp(prefix=f"identities-typing-{orm}-")
    write_readme_files(project, PROGRAMS[orm])
    for package in {os.path.dirname(path) for path in PROGRAMS[orm] if "/" in path}:
        open(os.path.join(project, package, "__init__.py"), "a").close()
    if orm == "django":  # django-stubs' plugin, as a Django project runs mypy: it reads the models through settings
        with open(os.path.join(project, "mypy.ini"), "w") as config:
            config.write("[mypy]\nplugins = mypy_django_plugin.main\n\n"
                         "[mypy.plugins.django-stubs]\ndjango_settings_module = settings\n")
    mypy(project, PROGRAMS[orm], f"{orm}-programs")


for function in (package_sources, readme_programs_against_the_wheel):
    function.__name__ = f"mypy_strict_{orm}_{function.__name__}"
    check(function)
sys.exit(exit_status())
