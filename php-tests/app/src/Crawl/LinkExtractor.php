<?php

declare(strict_types=1);

namespace App\Crawl;

use Psr\Log\LoggerInterface;
use Symfony\Component\DomCrawler\Crawler;
use UrlNormalize\InvalidUrlException;
use UrlNormalize\UrlNormalizer;

/**
 * The links of a page, as absolute URLs: the hrefs of its `<a>` elements (DomCrawler), resolved
 * against the page's URL by the extension's resolveMany(), as a browser resolves them.
 *
 * A bad page costs a logged warning and nothing else: bytes that are not UTF-8 are read as
 * ISO-8859-1 (the page's links still count), and a link that cannot be resolved is left out.
 */
final class LinkExtractor
{
    public function __construct(
        private readonly UrlNormalizer $normalizer,
        private readonly LoggerInterface $logger,
    ) {
    }

    /**
     * @param string $html the page, as the crawl API returned it (bytes)
     * @param string $pageUrl the page's absolute URL, as requested
     * @return array<string, string> each link once, in order: href as written => its absolute URL
     */
    public function links(string $html, string $pageUrl): array
    {
        $charset = 'UTF-8';
        if (!mb_check_encoding($html, 'UTF-8')) {
            $this->logger->warning('Page is not UTF-8; its links are read as ISO-8859-1', ['url' => $pageUrl]);
            $charset = 'ISO-8859-1';
        }
        $crawler = new Crawler();
        $crawler->addHtmlContent($html, $charset);
        $hrefs = $crawler->filterXPath('//a[@href]')->extract(['href']);
        $hrefs = array_values(array_unique(array_map('strval', $hrefs)));
        $resolved = $this->resolve($hrefs, $pageUrl);
        $links = [];
        foreach ($resolved as $index => $url) {
            $links[$hrefs[$index]] = $url;
        }
        return $links;
    }

    /**
     * resolveMany() for the whole page, in one call; when a link cannot be resolved, each link
     * alone, leaving out (with a warning) those that cannot.
     *
     * @param list<string> $hrefs
     * @return array<int, string> the index of each href that could be resolved => its absolute URL
     */
    private function resolve(array $hrefs, string $pageUrl): array
    {
        try {
            return $this->normalizer->resolveMany($hrefs, $pageUrl);
        } catch (InvalidUrlException) {
            // Below, link by link.
        }
        $resolved = [];
        foreach ($hrefs as $index => $href) {
            try {
                $resolved[$index] = $this->normalizer->resolve($href, $pageUrl);
            } catch (InvalidUrlException $e) {
                $this->logger->warning('Link left out: it cannot be resolved', [
                    'url' => $pageUrl,
                    'href' => $href,
                    'reason' => $e->getMessage(),
                ]);
            }
        }
        return $resolved;
    }
}
