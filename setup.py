"""Packaging detail pyproject.toml cannot say: the top-level assets/ folder ships inside the
package as ``squabble/assets`` so an installed wheel finds it (see squabble/assets_loc.py)."""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["squabble", "squabble.*"]) + ["squabble.assets"],
    package_dir={"squabble.assets": "assets"},
    package_data={"squabble.assets": ["**/*"]},
    include_package_data=True,
)
