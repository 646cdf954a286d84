#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Regenerate the build system: nothing else.
set -e
cd "$(dirname "$0")"
autoreconf -fi
