#ifndef QUIETPLACES_CEDITLINE_SHIM_H
#define QUIETPLACES_CEDITLINE_SHIM_H
#include <stdio.h>
#include <editline/readline.h>
#endif
