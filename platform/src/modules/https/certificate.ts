import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { AppError } from '../../http/envelope.js';
import { checkExtension } from '../../http/upload.js';

/** What a TLS listener is built from, all PEM. */
export interface TlsMaterial {
  certificate: string;
  privateKey: string;
  ca: string;
}

export interface CertificateFacts {
  subject: string;
  /** ISO time the certificate stops being valid. */
  validTo: string;
  expired: boolean;
}

export interface UploadedPart {
  name: string;
  bytes: Buffer;
}

/** Spec §5: the certificate is a pem, cer, der or crt file; the key and the CA are read the same way. */
export const CERTIFICATE_EXTENSIONS = ['.pem', '.cer', '.der', '.crt'] as const;
export const KEY_EXTENSIONS = ['.pem', '.key', '.der'] as const;
export const CA_EXTENSIONS = CERTIFICATE_EXTENSIONS;

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Each certificate of a PEM file (a chain or a bundle), or the one of a DER file. */
function certificatesOf(bytes: Buffer): X509Certificate[] {
  const text = bytes.toString('latin1');
  const blocks = text.match(PEM_CERTIFICATE);
  if (blocks) return blocks.map((block) => new X509Certificate(block));
  return [new X509Certificate(bytes)];
}

function readCertificates(part: UploadedPart, failure: 'httpsCertificateInvalid' | 'httpsCaInvalid') {
  try {
    const certificates = certificatesOf(part.bytes);
    if (certificates.length === 0) throw new Error('no certificate');
    return certificates;
  } catch (error) {
    throw AppError.invalid(failure, `${part.name}: ${(error as Error).message}`);
  }
}

/** A PEM key as it is, else DER in each encoding a key file comes in. Encrypted keys are refused. */
function readKey(part: UploadedPart): KeyObject {
  const attempts = [
    () => createPrivateKey(part.bytes),
    () => createPrivateKey({ key: part.bytes, format: 'der', type: 'pkcs8' }),
    () => createPrivateKey({ key: part.bytes, format: 'der', type: 'pkcs1' }),
    () => createPrivateKey({ key: part.bytes, format: 'der', type: 'sec1' }),
  ];
  let reason = 'not a private key';
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch (error) {
      reason = (error as Error).message;
      if (part.bytes.includes('-----BEGIN')) break;
    }
  }
  throw AppError.invalid('httpsKeyInvalid', `${part.name}: ${reason}`);
}

export function factsOf(certificate: string, now = new Date()): CertificateFacts {
  const x509 = new X509Certificate(certificate);
  const validTo = new Date(x509.validTo);
  return {
    subject: x509.subject.replaceAll('\n', ', '),
    validTo: validTo.toISOString(),
    expired: validTo < now,
  };
}

/**
 * Reads the three files of an HTTPS setting: each must parse, the key must be the certificate's,
 * and OpenSSL must build a context from them. An expired certificate is accepted (the caller warns):
 * an administrator replacing it needs the console up meanwhile.
 */
export function readTlsMaterial(files: { certificate: UploadedPart; key: UploadedPart; ca: UploadedPart }): {
  material: TlsMaterial;
  facts: CertificateFacts;
} {
  checkExtension(files.certificate.name, { extensions: CERTIFICATE_EXTENSIONS });
  checkExtension(files.key.name, { extensions: KEY_EXTENSIONS });
  checkExtension(files.ca.name, { extensions: CA_EXTENSIONS });
  const chain = readCertificates(files.certificate, 'httpsCertificateInvalid');
  const authorities = readCertificates(files.ca, 'httpsCaInvalid');
  const key = readKey(files.key);
  const leaf = chain[0] as X509Certificate;
  if (!leaf.checkPrivateKey(key)) throw AppError.invalid('httpsKeyMismatch', path.basename(files.key.name));
  const material: TlsMaterial = {
    certificate: chain.map((certificate) => certificate.toString()).join(''),
    privateKey: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ca: authorities.map((certificate) => certificate.toString()).join(''),
  };
  try {
    createSecureContext(tlsOptions(material));
  } catch (error) {
    throw AppError.invalid('httpsCertificateInvalid', (error as Error).message);
  }
  return { material, facts: factsOf(material.certificate) };
}

/** The certificate with the CA as its chain: clients that know only the root still verify it. */
export function tlsOptions(material: TlsMaterial) {
  return { cert: material.certificate, key: material.privateKey, ca: material.ca };
}
