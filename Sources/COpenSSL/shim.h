#ifndef QUIETPLACES_COPENSSL_SHIM_H
#define QUIETPLACES_COPENSSL_SHIM_H
#include <openssl/evp.h>
#endif
