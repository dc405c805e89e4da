#ifndef QUIETPLACES_COPENSSL_SHIM_H
#define QUIETPLACES_COPENSSL_SHIM_H

// libcrypto for ES256 (ECDSA over P-256 with SHA-256), OpenSSL 3 APIs only.
//
// The `qp_` helpers wrap what Swift cannot import (macros, variadic functions,
// OSSL_PARAM arrays) or what is clearer done in one C call. Every helper
// returns NULL or a value <= 0 on failure and clears libcrypto's error queue
// then, so failures never accumulate in the thread's queue.

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/x509.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

/// The size of an uncompressed P-256 point: 0x04 || x || y.
#define QP_P256_POINT_SIZE 65

/// Returns 1 if `pkey` is an EC key on the P-256 curve.
static inline int qp_p256_is_p256(EVP_PKEY *pkey) {
  char name[64] = {0};
  size_t length = 0;
  if (pkey == NULL || !EVP_PKEY_is_a(pkey, "EC")) return 0;
  if (EVP_PKEY_get_utf8_string_param(pkey, OSSL_PKEY_PARAM_GROUP_NAME, name, sizeof name, &length) != 1) {
    ERR_clear_error();
    return 0;
  }
  return strcmp(name, "prime256v1") == 0 || strcmp(name, "P-256") == 0;
}

/// Generates a new P-256 key pair, or returns NULL.
static inline EVP_PKEY *qp_p256_generate(void) {
  EVP_PKEY *pkey = NULL;
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
  if (ctx == NULL) {
    ERR_clear_error();
    return NULL;
  }
  if (EVP_PKEY_keygen_init(ctx) <= 0 || EVP_PKEY_CTX_set_group_name(ctx, "P-256") <= 0
      || EVP_PKEY_generate(ctx, &pkey) <= 0) {
    EVP_PKEY_free(pkey);
    pkey = NULL;
    ERR_clear_error();
  }
  EVP_PKEY_CTX_free(ctx);
  return pkey;
}

/// Parses a DER private key (PKCS#8 or SEC1), requiring that it uses every
/// byte, is a P-256 key and passes libcrypto's consistency check.
static inline EVP_PKEY *qp_p256_private_from_der(const unsigned char *der, size_t length) {
  if (der == NULL || length == 0 || length > 4096) return NULL;
  const unsigned char *cursor = der;
  EVP_PKEY *pkey = d2i_AutoPrivateKey(NULL, &cursor, (long)length);
  if (pkey == NULL) {
    ERR_clear_error();
    return NULL;
  }
  int ok = cursor == der + length && qp_p256_is_p256(pkey);
  if (ok) {
    EVP_PKEY_CTX *check = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
    ok = check != NULL && EVP_PKEY_check(check) == 1;
    EVP_PKEY_CTX_free(check);
  }
  if (!ok) {
    EVP_PKEY_free(pkey);
    ERR_clear_error();
    return NULL;
  }
  return pkey;
}

/// Writes the PKCS#8 DER form of a private key into `out` (or only measures
/// it when `out` is NULL); returns the length, or 0 on failure or when
/// `capacity` is too small.
static inline size_t qp_private_to_pkcs8(EVP_PKEY *pkey, unsigned char *out, size_t capacity) {
  PKCS8_PRIV_KEY_INFO *info = EVP_PKEY2PKCS8(pkey);
  if (info == NULL) {
    ERR_clear_error();
    return 0;
  }
  int length = i2d_PKCS8_PRIV_KEY_INFO(info, NULL);
  size_t result = 0;
  if (length > 0) {
    if (out == NULL) {
      result = (size_t)length;
    } else if ((size_t)length <= capacity) {
      unsigned char *cursor = out;
      if (i2d_PKCS8_PRIV_KEY_INFO(info, &cursor) == length) result = (size_t)length;
    }
  }
  PKCS8_PRIV_KEY_INFO_free(info);
  if (result == 0) ERR_clear_error();
  return result;
}

/// Copies the uncompressed public point (65 bytes) of a P-256 key into `out`;
/// returns 1 on success.
static inline int qp_p256_public_point(EVP_PKEY *pkey, unsigned char *out) {
  size_t length = 0;
  if (EVP_PKEY_get_octet_string_param(pkey, OSSL_PKEY_PARAM_PUB_KEY, out, QP_P256_POINT_SIZE, &length) != 1) {
    ERR_clear_error();
    return 0;
  }
  return length == QP_P256_POINT_SIZE && out[0] == 0x04;
}

/// The size of the PKCS#8 DER of a P-256 private key as libcrypto writes it.
#define QP_P256_PKCS8_SIZE 138

/// Writes the PKCS#8 DER of a P-256 private key into `out` (or only measures
/// it when `out` is NULL): the same 138 bytes libcrypto's encoder writes (the
/// curve in the algorithm, the public point inside the ECPrivateKey), built
/// from the key's scalar and point, since setting up that encoder costs more
/// than generating the key. Returns the length, or 0 on failure.
static inline size_t qp_p256_private_to_pkcs8(EVP_PKEY *pkey, unsigned char *out, size_t capacity) {
  static const unsigned char head[] = {
    0x30, 0x81, 0x87, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
    0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x04, 0x6d, 0x30, 0x6b, 0x02,
    0x01, 0x01, 0x04, 0x20};
  static const unsigned char beforePoint[] = {0xa1, 0x44, 0x03, 0x42, 0x00};
  if (out == NULL) return QP_P256_PKCS8_SIZE;
  if (capacity < QP_P256_PKCS8_SIZE || !qp_p256_is_p256(pkey)) return 0;
  BIGNUM *scalar = NULL;
  if (EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_PRIV_KEY, &scalar) != 1) {
    ERR_clear_error();
    return 0;
  }
  unsigned char *cursor = out;
  memcpy(cursor, head, sizeof head);
  cursor += sizeof head;
  int ok = BN_bn2binpad(scalar, cursor, 32) == 32;
  BN_clear_free(scalar);
  cursor += 32;
  memcpy(cursor, beforePoint, sizeof beforePoint);
  cursor += sizeof beforePoint;
  ok = ok && qp_p256_public_point(pkey, cursor);
  if (!ok) {
    OPENSSL_cleanse(out, QP_P256_PKCS8_SIZE);
    ERR_clear_error();
    return 0;
  }
  return QP_P256_PKCS8_SIZE;
}

/// Sets a certificate's public key to that of the P-256 key `pkey` (the
/// algorithm, the curve and the point, as X509_set_pubkey writes them) without
/// libcrypto's encoder framework; returns 1 on success.
static inline int qp_p256_set_certificate_key(X509 *certificate, EVP_PKEY *pkey) {
  unsigned char point[QP_P256_POINT_SIZE];
  X509_PUBKEY *key = X509_get_X509_PUBKEY(certificate);
  if (key == NULL || !qp_p256_is_p256(pkey) || !qp_p256_public_point(pkey, point)) return 0;
  unsigned char *copy = OPENSSL_memdup(point, sizeof point);
  if (copy == NULL
      || X509_PUBKEY_set0_param(key, (ASN1_OBJECT *)OBJ_nid2obj(NID_X9_62_id_ecPublicKey), V_ASN1_OBJECT,
                                (void *)OBJ_nid2obj(NID_X9_62_prime256v1), copy, (int)sizeof point) != 1) {
    OPENSSL_free(copy);
    ERR_clear_error();
    return 0;
  }
  return 1;
}

/// Builds a P-256 public key from an uncompressed point, checking that the
/// point lies on the curve; returns NULL for anything else.
static inline EVP_PKEY *qp_p256_public_from_point(const unsigned char *point, size_t length) {
  if (point == NULL || length != QP_P256_POINT_SIZE || point[0] != 0x04) return NULL;
  OSSL_PARAM params[3];
  params[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)"prime256v1", 0);
  params[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)point, length);
  params[2] = OSSL_PARAM_construct_end();
  EVP_PKEY *pkey = NULL;
  EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
  if (ctx == NULL || EVP_PKEY_fromdata_init(ctx) <= 0
      || EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) <= 0) {
    EVP_PKEY_CTX_free(ctx);
    ERR_clear_error();
    return NULL;
  }
  EVP_PKEY_CTX_free(ctx);
  EVP_PKEY_CTX *check = EVP_PKEY_CTX_new_from_pkey(NULL, pkey, NULL);
  int ok = check != NULL && EVP_PKEY_public_check(check) == 1;
  EVP_PKEY_CTX_free(check);
  if (!ok) {
    EVP_PKEY_free(pkey);
    ERR_clear_error();
    return NULL;
  }
  return pkey;
}

/// Signs `message` with ECDSA/SHA-256, writing the DER signature into `out`
/// (at least 72 bytes); returns its length, or 0 on failure.
static inline size_t qp_sign_sha256(EVP_PKEY *pkey, const unsigned char *message, size_t length,
                                    unsigned char *out, size_t capacity) {
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  size_t needed = 0;
  size_t result = 0;
  if (ctx != NULL && EVP_DigestSignInit(ctx, NULL, EVP_sha256(), NULL, pkey) == 1
      && EVP_DigestSign(ctx, NULL, &needed, message, length) == 1 && needed <= capacity) {
    size_t written = capacity;
    if (EVP_DigestSign(ctx, out, &written, message, length) == 1) result = written;
  }
  EVP_MD_CTX_free(ctx);
  if (result == 0) ERR_clear_error();
  return result;
}

/// Verifies a DER ECDSA/SHA-256 signature; returns 1 when valid, 0 otherwise.
static inline int qp_verify_sha256(EVP_PKEY *pkey, const unsigned char *message, size_t length,
                                   const unsigned char *signature, size_t signatureLength) {
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  int valid = 0;
  if (ctx != NULL && EVP_DigestVerifyInit(ctx, NULL, EVP_sha256(), NULL, pkey) == 1) {
    valid = EVP_DigestVerify(ctx, signature, signatureLength, message, length) == 1;
  }
  EVP_MD_CTX_free(ctx);
  if (!valid) ERR_clear_error();
  return valid;
}

/// Makes a self-signed X.509 v3 certificate for `pkey`, signed with
/// ECDSA/SHA-256, with the given common name (also the issuer), serial number
/// and validity from `notBefore` (Unix time) for `days` days.
static inline X509 *qp_self_signed_certificate(EVP_PKEY *pkey, const char *commonName, long serial,
                                               int64_t notBefore, int days) {
  X509 *certificate = X509_new();
  if (certificate == NULL) {
    ERR_clear_error();
    return NULL;
  }
  X509_NAME *name = X509_get_subject_name(certificate);
  int ok = X509_set_version(certificate, 2) == 1
    && ASN1_INTEGER_set(X509_get_serialNumber(certificate), serial) == 1
    && ASN1_TIME_set(X509_getm_notBefore(certificate), (time_t)notBefore) != NULL
    && ASN1_TIME_adj(X509_getm_notAfter(certificate), (time_t)notBefore, days, 0) != NULL
    && (qp_p256_set_certificate_key(certificate, pkey) == 1 || X509_set_pubkey(certificate, pkey) == 1)
    && name != NULL
    && X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, (const unsigned char *)commonName, -1, -1, 0) == 1
    && X509_set_issuer_name(certificate, name) == 1
    && X509_sign(certificate, pkey, EVP_sha256()) > 0;
  if (!ok) {
    X509_free(certificate);
    ERR_clear_error();
    return NULL;
  }
  return certificate;
}

/// Writes the DER form of a certificate into `out` (or only measures it when
/// `out` is NULL); returns the length, or 0 on failure or short capacity.
static inline size_t qp_certificate_der(X509 *certificate, unsigned char *out, size_t capacity) {
  int length = i2d_X509(certificate, NULL);
  if (length <= 0) {
    ERR_clear_error();
    return 0;
  }
  if (out == NULL) return (size_t)length;
  if ((size_t)length > capacity) return 0;
  unsigned char *cursor = out;
  return i2d_X509(certificate, &cursor) == length ? (size_t)length : 0;
}

/// Writes the DER SubjectPublicKeyInfo of a public key into `out` (or only
/// measures it when `out` is NULL); returns the length, or 0 on failure.
static inline size_t qp_public_key_spki(EVP_PKEY *pkey, unsigned char *out, size_t capacity) {
  int length = i2d_PUBKEY(pkey, NULL);
  if (length <= 0) {
    ERR_clear_error();
    return 0;
  }
  if (out == NULL) return (size_t)length;
  if ((size_t)length > capacity) return 0;
  unsigned char *cursor = out;
  return i2d_PUBKEY(pkey, &cursor) == length ? (size_t)length : 0;
}

#endif
