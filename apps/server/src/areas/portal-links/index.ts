// The portal-links area's face (docs/portal.md, "Links"): the portal and the
// invoice and quote mails use the links through it.
export {
  hashToken,
  linkForMail,
  linkState,
  makeLink,
  portalUrl,
  presentStatus,
  tokenShaped,
  type LinkState,
} from './portal-links.js';
export {
  findByHash,
  latestLink,
  retireLink,
  revokeLinks,
  selfMadeSince,
  touchLink,
  undoLink,
  type PortalLinkRow,
} from './portal-links.repo.js';
