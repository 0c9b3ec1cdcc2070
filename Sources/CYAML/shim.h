#ifndef SPECGEN_CYAML_SHIM_H
#define SPECGEN_CYAML_SHIM_H
#include <yaml.h>
#endif
